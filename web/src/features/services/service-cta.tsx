import { Link } from 'react-router';
import { ArrowRightIcon } from '../../components/icons';

export interface CtaCopy {
  heading: string;
  text: string;
  action: { label: string; to: string };
}

/** The closing call to action of a service page, with one button-styled link. */
export function ServiceCta({ id, copy }: { id: string; copy: CtaCopy }) {
  return (
    <section aria-labelledby={id} className="on-dark bg-linear-to-br from-brand-800 to-brand-900 text-white">
      <div className="mx-auto flex max-w-7xl flex-col items-start gap-8 px-4 py-16 sm:py-20 lg:flex-row lg:items-center lg:justify-between lg:px-6">
        <div data-reveal="fade-in-up" className="max-w-2xl">
          <h2 id={id} className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            {copy.heading}
          </h2>
          <p className="mt-4 text-lg text-brand-100">{copy.text}</p>
        </div>
        <Link
          to={copy.action.to}
          className="inline-flex shrink-0 items-center gap-2 rounded-lg bg-white px-6 py-3 text-lg font-semibold text-brand-800 shadow-sm hover:bg-brand-50"
        >
          {copy.action.label}
          <ArrowRightIcon className="size-5" />
        </Link>
      </div>
    </section>
  );
}
