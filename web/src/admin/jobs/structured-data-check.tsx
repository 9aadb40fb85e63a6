// The structured-data checklist of a job page: what a search engine's job
// posting guidelines ask for, and whether the page's JSON-LD has it. The
// server derives it from the JSON-LD it emits; this only shows it.
import type { CheckItem } from '../../gen/wire';

export function StructuredDataCheck({ items, source }: { items: readonly CheckItem[]; source: string }) {
  const missingRequired = items.filter((i) => i.required && !i.ok).length;
  return (
    <section aria-labelledby="check-heading" className="rounded-md border border-slate-300 bg-white p-4">
      <h2 id="check-heading" className="text-lg font-semibold">
        Search engine check
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        What Google&apos;s job posting guidelines ask of the page&apos;s structured data ({source}).
      </p>
      <p className="mt-2 text-sm font-medium" role="status">
        {missingRequired === 0 ? 'Every required item is present.' : `${missingRequired} required ${missingRequired === 1 ? 'item is' : 'items are'} missing.`}
      </p>
      <ul className="mt-2 space-y-1 text-sm">
        {items.map((it) => (
          <li key={it.field} className="flex flex-wrap gap-x-2">
            <span className={it.ok ? 'font-semibold text-green-800' : 'font-semibold text-red-700'}>{it.ok ? 'Present' : 'Missing'}</span>
            <span>
              {it.label} <span className="text-slate-600">({it.required ? 'required' : 'recommended'})</span>
            </span>
            {!it.ok && it.hint && <span className="basis-full text-slate-600">{it.hint}</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}
