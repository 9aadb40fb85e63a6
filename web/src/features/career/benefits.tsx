import copy from '../../../../content/career.json';
import { BenefitIcon } from './benefit-icons';

const t = copy.benefits;

/** The three benefits, each in a card. */
export function Benefits() {
  return (
    <section aria-labelledby="benefits-title" className="py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 lg:px-6">
        <div data-reveal="fade-in-up" className="max-w-2xl">
          <h2 id="benefits-title" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            {t.heading}
          </h2>
          <p className="mt-4 text-lg text-slate-700">{t.intro}</p>
        </div>
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
      </div>
    </section>
  );
}
