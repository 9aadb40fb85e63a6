// A row of links that pick one view of a list (a folder, a status), the
// current one marked with aria-current and shown with its count.
import { Link } from 'react-router';

export interface TabLink {
  key: string;
  label: string;
  to: string;
  active: boolean;
  /** Shown as " (n)" after the label once known. */
  count?: number;
}

export function TabLinks({ label, tabs }: { label: string; tabs: readonly TabLink[] }) {
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-2">
        {tabs.map((t) => (
          <li key={t.key}>
            <Link
              to={t.to}
              aria-current={t.active ? 'page' : undefined}
              className={`inline-block rounded-md border px-3 py-2 text-sm ${
                t.active ? 'border-slate-800 font-semibold text-slate-900 underline' : 'border-slate-300 text-slate-700'
              }`}
            >
              {t.label}
              {t.count !== undefined ? ` (${t.count})` : ''}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
