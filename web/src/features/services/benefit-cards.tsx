import { ServiceIcon } from './service-icons';

export interface Benefit {
  /** A ServiceIcon key. */
  icon: string;
  title: string;
  text: string;
}

/** Benefits as a grid of cards with an icon each: four in a row on wide screens, or three. */
export function BenefitCards({ items, columns }: { items: readonly Benefit[]; columns: 3 | 4 }) {
  return (
    <ul className={`grid gap-6 sm:grid-cols-2 ${columns === 4 ? 'lg:grid-cols-4' : 'lg:grid-cols-3'}`}>
      {items.map((b) => (
        <li key={b.title} data-reveal="fade-in-up" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <span className="flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
            <ServiceIcon name={b.icon} />
          </span>
          <h3 className="mt-5 text-lg font-semibold text-slate-900">{b.title}</h3>
          <p className="mt-2 leading-relaxed text-slate-700">{b.text}</p>
        </li>
      ))}
    </ul>
  );
}
