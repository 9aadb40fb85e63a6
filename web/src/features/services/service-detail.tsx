import { CheckIcon, ServiceIcon } from './service-icons';

export interface ServiceDetailCopy {
  /** A ServiceIcon key. */
  icon: string;
  title: string;
  description: string;
  details: readonly string[];
}

/**
 * One service in a carousel: icon, title, description and what it
 * includes. "card" fits three in a row; "wide" fills a one-at-a-time slide.
 */
export function ServiceDetail({ item, layout }: { item: ServiceDetailCopy; layout: 'card' | 'wide' }) {
  const wide = layout === 'wide';
  return (
    <article
      className={`flex w-full rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 ${
        wide ? 'flex-col gap-6 p-6 sm:p-10 md:flex-row md:gap-10 lg:p-12' : 'flex-col p-6'
      }`}
    >
      <span
        className={`flex shrink-0 items-center justify-center rounded-2xl bg-brand-50 text-brand-700 ${
          wide ? 'size-16 md:size-24' : 'size-12'
        }`}
      >
        <ServiceIcon name={item.icon} className={wide ? 'size-8 md:size-12' : 'size-6'} />
      </span>
      <div className={wide ? 'md:grid md:flex-1 md:grid-cols-2 md:gap-10' : 'mt-5'}>
        <div>
          <h3 className={`font-semibold text-slate-900 ${wide ? 'text-2xl lg:text-3xl' : 'text-lg'}`}>{item.title}</h3>
          <p className={`leading-relaxed text-slate-700 ${wide ? 'mt-3 lg:text-lg' : 'mt-2'}`}>{item.description}</p>
        </div>
        <ul
          className={`space-y-2 ${wide ? 'mt-6 md:mt-1 md:border-l md:border-slate-200 md:pl-10 lg:space-y-3 lg:text-lg' : 'mt-5 border-t border-slate-200 pt-5'}`}
        >
          {item.details.map((d) => (
            <li key={d} className="flex gap-2.5 text-slate-700">
              <CheckIcon className="mt-0.5 size-5 shrink-0 text-brand-700" />
              <span>{d}</span>
            </li>
          ))}
        </ul>
      </div>
    </article>
  );
}
