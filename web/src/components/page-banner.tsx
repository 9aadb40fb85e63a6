import type { ReactNode } from 'react';

interface Props {
  /** The page's h1. */
  title: string;
  /** A sentence under the title. */
  lead?: string;
  /** Small text above the title (e.g. the section of the site). */
  eyebrow?: string;
  /** Extra content under the lead (e.g. a button). */
  children?: ReactNode;
}

/** The banner at the top of inner pages: dark band, h1, optional lead. */
export function PageBanner({ title, lead, eyebrow, children }: Props) {
  return (
    <section aria-labelledby="page-title" className="on-dark bg-linear-to-br from-brand-900 to-brand-800 text-white">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:py-20 lg:px-6">
        {eyebrow && <p className="text-sm font-semibold uppercase tracking-widest text-brand-200">{eyebrow}</p>}
        <h1 id="page-title" className="mt-2 max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-5xl">
          {title}
        </h1>
        {lead && <p className="mt-5 max-w-2xl text-lg leading-relaxed text-brand-100">{lead}</p>}
        {children && <div className="mt-8">{children}</div>}
      </div>
    </section>
  );
}
