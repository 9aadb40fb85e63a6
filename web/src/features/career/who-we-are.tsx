import copy from '../../../../content/career.json';
import { Section } from '../../components/section';

const t = copy.whoWeAre;

/** A short list of what the team is like. */
export function WhoWeAre() {
  return (
    <Section id="who-we-are-title" title={t.heading} intro={t.intro} layout="split" asServed>
      <ul className="grid gap-6 sm:grid-cols-2 lg:col-span-2">
        {t.items.map((item, i) => (
          <li key={item.title} data-reveal="fade-in-up" className="flex gap-4">
            <span
              aria-hidden="true"
              className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 font-bold text-brand-700"
            >
              {i + 1}
            </span>
            <div>
              <h3 className="text-lg font-semibold text-slate-900">{item.title}</h3>
              <p className="mt-1 leading-relaxed text-slate-700">{item.text}</p>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}
