import { Link } from 'react-router';

export interface CallToActionCopy {
  heading: string;
  text: string;
  primary: { label: string; to: string };
  secondary: { label: string; to: string };
}

/** A closing band of a page: a question, a sentence and two links (e.g. contact, careers). */
export function CallToAction({ copy }: { copy: CallToActionCopy }) {
  return (
    <section aria-labelledby="cta-title" className="bg-brand-50 py-16">
      <div data-reveal="fade-in-up" className="mx-auto flex max-w-5xl flex-col items-start gap-6 px-4 md:flex-row md:items-center md:justify-between lg:px-6">
        <div className="max-w-2xl">
          <h2 id="cta-title" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            {copy.heading}
          </h2>
          <p className="mt-3 text-lg text-slate-700">{copy.text}</p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-4">
          <Link
            to={copy.primary.to}
            className="rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white shadow-sm transition-colors hover:bg-brand-800"
          >
            {copy.primary.label}
          </Link>
          <Link
            to={copy.secondary.to}
            className="rounded-lg bg-white px-6 py-3 font-semibold text-brand-800 ring-1 ring-brand-200 transition-colors hover:bg-brand-100"
          >
            {copy.secondary.label}
          </Link>
        </div>
      </div>
    </section>
  );
}
