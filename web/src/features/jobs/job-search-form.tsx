import { useEffect, useId, useState, type FormEvent } from 'react';
import copy from '../../../../content/jobs.json';
import { JOB_SEARCH, type JobSearch } from '../../gen/wire';
import { JOBS_PATH, normalizeParam, normalizeValue, type JobQuery, type JobSearchParam } from './job-query';
import { workplaceText } from './job-text';
import { useEarlyInput } from '../../lib/use-early-input';

const t = copy.search;

/** How long typing pauses before the list follows the keywords. */
export const TYPING_DELAY_MS = 300;

export interface JobSearchFormProps {
  /** The search in the URL. */
  query: JobQuery;
  /**
   * The filters' options and the city the location filter resolved to (a
   * link may name it by an alias); absent until the first answer arrives.
   */
  options?: Pick<JobSearch, 'locations' | 'workplaces' | 'departments' | 'location'>;
  /**
   * Called with a changed search. replace: the keywords changed while
   * typing, so the change should not add a history entry.
   */
  onSearch(next: JobQuery, opts: { replace: boolean }): void;
}

const field =
  'h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-slate-900 shadow-sm focus:border-brand-700 focus:outline-2 focus:outline-offset-0 focus:outline-brand-700';
const label = 'block text-sm font-semibold text-slate-800';

/**
 * The search form: keywords, the years of experience the visitor has,
 * three filters and a submit button. It is a plain GET form to /jobs, so
 * it works before (or without) JavaScript; with it, a filter applies at
 * once and the typed fields (keywords, years) after a pause.
 */
export function JobSearchForm({ query, options, onSearch }: JobSearchFormProps) {
  const id = useId();
  const form = useEarlyInput();
  // The keywords and years as typed; the URL holds them normalised.
  const [draft, setDraft] = useState(query.q);
  const [yearsDraft, setYearsDraft] = useState(query.years);
  const [urlTyped, setUrlTyped] = useState({ q: query.q, years: query.years });
  if (query.q !== urlTyped.q || query.years !== urlTyped.years) {
    // The URL changed (back button, a cleared search, or our own update):
    // follow it unless it is what the visitor is typing.
    setUrlTyped({ q: query.q, years: query.years });
    if (normalizeValue(draft) !== query.q) setDraft(query.q);
    if (normalizeParam('years', yearsDraft) !== query.years) setYearsDraft(query.years);
  }

  useEffect(() => {
    const keywords = normalizeValue(draft);
    const years = normalizeParam('years', yearsDraft);
    if (keywords === query.q && years === query.years) return;
    const timer = setTimeout(() => onSearch({ ...query, q: keywords, years }, { replace: true }), TYPING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, yearsDraft, query, onSearch]);

  const typed = () => ({ q: normalizeValue(draft), years: normalizeParam('years', yearsDraft) });

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    onSearch({ ...query, ...typed() }, { replace: false });
  }

  function select(param: JobSearchParam, value: string) {
    onSearch({ ...query, ...typed(), [param]: value }, { replace: false });
  }

  // A link may name a city by an alias: the list shows its canonical name.
  const location = options?.location && options.locations.includes(options.location) ? options.location : query.location;
  const filters: { param: JobSearchParam; label: string; any: string; values: string[]; current: string; text?: (v: string) => string }[] = [
    { param: 'location', label: t.locationLabel, any: t.anyLocation, values: options?.locations ?? [], current: location },
    { param: 'workplace', label: t.workplaceLabel, any: t.anyWorkplace, values: options?.workplaces ?? [], current: query.workplace, text: workplaceText },
    { param: 'department', label: t.departmentLabel, any: t.anyDepartment, values: options?.departments ?? [], current: query.department },
  ];

  return (
    <form
      ref={form}
      role="search"
      aria-label={t.formLabel}
      action={JOBS_PATH}
      method="get"
      onSubmit={submit}
      className="grid gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2 sm:p-6 lg:grid-cols-[minmax(0,1.5fr)_repeat(4,minmax(0,1fr))_auto] lg:items-end"
    >
      <div className="sm:col-span-2 lg:col-span-1">
        <label htmlFor={`${id}-q`} className={label}>
          {t.keywordsLabel}
        </label>
        <input
          id={`${id}-q`}
          name="q"
          type="search"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          maxLength={JOB_SEARCH.valueMax}
          placeholder={t.keywordsHint}
          autoComplete="off"
          enterKeyHint="search"
          className={`mt-1.5 ${field} placeholder:text-slate-500`}
        />
      </div>
      <div>
        <label htmlFor={`${id}-years`} className={label}>
          {t.yearsLabel}
        </label>
        <input
          id={`${id}-years`}
          name="years"
          type="number"
          min={0}
          max={JOB_SEARCH.yearsMax}
          step={1}
          inputMode="numeric"
          value={yearsDraft}
          onChange={(e) => setYearsDraft(e.target.value)}
          placeholder={t.yearsHint}
          autoComplete="off"
          className={`mt-1.5 ${field} placeholder:text-slate-500`}
        />
      </div>
      {filters.map((f) => {
        const current = f.current;
        // A value from a shared link that no open position has any more
        // stays selectable, so the form shows the search it answers.
        const values = current && !f.values.includes(current) ? [...f.values, current] : f.values;
        return (
          <div key={f.param}>
            <label htmlFor={`${id}-${f.param}`} className={label}>
              {f.label}
            </label>
            <select
              id={`${id}-${f.param}`}
              name={f.param}
              value={current}
              onChange={(e) => select(f.param, e.target.value)}
              className={`mt-1.5 ${field}`}
            >
              <option value="">{f.any}</option>
              {values.map((v) => (
                <option key={v} value={v}>
                  {f.text ? f.text(v) : v}
                </option>
              ))}
            </select>
          </div>
        );
      })}
      <button
        type="submit"
        className="h-11 rounded-lg bg-brand-700 px-6 font-semibold text-white shadow-sm transition-colors hover:bg-brand-800 sm:col-span-2 lg:col-span-1"
      >
        {t.submit}
      </button>
    </form>
  );
}
