import type { ReactNode } from 'react';

/** Field path → message. */
export type Errors = Record<string, string>;

/**
 * A change to a list of entries, made from the list as it is when the
 * change is applied: several changes in one render (fields the page
 * replays at once after hydration) then each build on the last.
 */
export type ListUpdate<T> = (list: T[]) => T[];

interface SectionProps {
  id: string;
  legend: string;
  /** The id of the section's one main control, which the legend then labels too (Skills). */
  labelFor?: string;
  intro?: ReactNode;
  children: ReactNode;
}

/** One section of the form: a fieldset whose legend names it. */
export function FormSection({ id, legend, labelFor, intro, children }: SectionProps) {
  return (
    <fieldset id={id} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-xs sm:p-7">
      {/* The legend names the group for forms mode; its h2 lets people move by headings. */}
      <legend className="float-left w-full">
        <h2 className="text-xl font-bold text-slate-900">{labelFor ? <label htmlFor={labelFor}>{legend}</label> : legend}</h2>
      </legend>
      {intro && <div className="clear-left pt-2 text-slate-700">{intro}</div>}
      <div className="clear-left space-y-5 pt-5">{children}</div>
    </fieldset>
  );
}

/** One entry of a repeated group (a job, a qualification): its own fieldset, with an action at the top. */
export function EntryGroup({ legend, action, children }: { legend: string; action?: ReactNode; children: ReactNode }) {
  return (
    <fieldset className="rounded-xl border border-slate-300 p-4 sm:p-5">
      <legend className="px-1 font-semibold text-slate-900">{legend}</legend>
      {action && <div className="-mt-1 mb-3 flex justify-end">{action}</div>}
      <div className="grid gap-5 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

export const secondaryButton =
  'inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2.5 font-semibold text-brand-800 ring-1 ring-brand-200 transition-colors hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-60';

export const removeButton =
  'inline-flex items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-semibold text-red-700 ring-1 ring-red-200 transition-colors hover:bg-red-50';
