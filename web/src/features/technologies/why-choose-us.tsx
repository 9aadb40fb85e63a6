import { Section } from '../../components/section';

export interface WhyChooseUsCopy {
  heading: string;
  intro: string;
  stats: { value: string; label: string }[];
}

/** The company's figures on a dark band: value large, label under it. */
export function WhyChooseUs({ copy }: { copy: WhyChooseUsCopy }) {
  return (
    <Section id="why-title" title={copy.heading} intro={copy.intro} tone="dark" asServed>
      <dl className="mt-12 grid grid-cols-2 gap-6 lg:grid-cols-4">
        {copy.stats.map((stat) => (
          // dt first for the markup, value shown first on screen.
          <div key={stat.label} data-reveal="fade-in-up" className="flex flex-col-reverse rounded-2xl bg-white/10 p-6 ring-1 ring-white/15">
            <dt className="mt-2 text-brand-100">{stat.label}</dt>
            <dd className="text-4xl font-bold tracking-tight sm:text-5xl">{stat.value}</dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}
