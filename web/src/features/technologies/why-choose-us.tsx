export interface WhyChooseUsCopy {
  heading: string;
  intro: string;
  stats: { value: string; label: string }[];
}

/** The company's figures on a dark band: value large, label under it. */
export function WhyChooseUs({ copy }: { copy: WhyChooseUsCopy }) {
  return (
    <section aria-labelledby="why-title" className="on-dark bg-linear-to-br from-brand-900 to-brand-800 py-16 text-white sm:py-20">
      <div className="mx-auto max-w-7xl px-4 lg:px-6">
        <div data-reveal="fade-in-up" className="max-w-2xl">
          <h2 id="why-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
            {copy.heading}
          </h2>
          <p className="mt-4 text-lg text-brand-100">{copy.intro}</p>
        </div>
        <dl className="mt-12 grid grid-cols-2 gap-6 lg:grid-cols-4">
          {copy.stats.map((stat) => (
            // dt first for the markup, value shown first on screen.
            <div key={stat.label} data-reveal="fade-in-up" className="flex flex-col-reverse rounded-2xl bg-white/10 p-6 ring-1 ring-white/15">
              <dt className="mt-2 text-brand-100">{stat.label}</dt>
              <dd className="text-4xl font-bold tracking-tight sm:text-5xl">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
