import type { ReactNode } from 'react';

interface Props {
  /** The icon, shown on a tinted tile. */
  icon: ReactNode;
  title: string;
  text: string;
  /** More classes for the card (e.g. a column layout for a link at the bottom). */
  className?: string;
  /** Under the text (e.g. a link). */
  children?: ReactNode;
}

/** A list item card with an icon tile, an h3 and a sentence; it enters with its siblings. */
export function IconCard({ icon, title, text, className, children }: Props) {
  return (
    <li data-reveal="fade-in-up" className={`${className ? `${className} ` : ''}rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200`}>
      <span className="flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">{icon}</span>
      <h3 className="mt-5 text-lg font-semibold text-slate-900">{title}</h3>
      <p className="mt-2 leading-relaxed text-slate-700">{text}</p>
      {children}
    </li>
  );
}
