import copy from '../../../../content/career.json';
import { Section } from '../../components/section';
import { BenefitIcon } from './benefit-icons';

const t = copy.benefits;

/** The three benefits, each in a card. */
export function Benefits() {
  return (
    <Section id="benefits-title" title={t.heading} intro={t.intro}>
      <ul className="mt-10 grid gap-6 md:grid-cols-3">
        {t.items.map((item) => (
          <li key={item.title} data-reveal="fade-in-up" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
            <span className="flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
              <BenefitIcon name={item.icon} />
            </span>
            <h3 className="mt-5 text-lg font-semibold text-slate-900">{item.title}</h3>
            <p className="mt-2 leading-relaxed text-slate-700">{item.text}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
