import copy from '../../../../content/faq.json';
import { Icon } from '../../components/icons';

interface Props {
  query: string;
  onChange: (query: string) => void;
  /** How many questions the search shows, in words; read out politely as it changes. */
  status: string;
}

/** The 'Search FAQs' box and the count of matching questions. */
export function FaqSearch({ query, onChange, status }: Props) {
  return (
    <div role="search">
      <label htmlFor="faq-search" className="block font-semibold text-slate-900">
        {copy.searchLabel}
      </label>
      <div className="relative mt-2">
        <Icon className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-500">
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-4-4" />
        </Icon>
        <input
          id="faq-search"
          type="search"
          value={query}
          onChange={(e) => onChange(e.target.value)}
          placeholder={copy.searchPlaceholder}
          autoComplete="off"
          spellCheck={false}
          className="w-full rounded-lg border border-slate-400 bg-white py-3 pr-3 pl-10 text-slate-900 placeholder:text-slate-500 focus:border-brand-600"
        />
      </div>
      <p role="status" className="mt-2 text-sm text-slate-600">
        {status}
      </p>
    </div>
  );
}
