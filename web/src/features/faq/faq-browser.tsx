import { useState } from 'react';
import copy from '../../../../content/faq.json';
import site from '../../../../content/site.json';
import { MailIcon } from '../../components/icons';
import { TextWithLink } from '../../components/text-with-link';
import { fill } from '../../lib/text';
import { FaqItem } from './faq-item';
import { FaqSearch } from './faq-search';
import { filterFaq } from './filter-faq';

const mailto = `mailto:${site.email}`;

/** The status line: how many questions the search shows. */
function statusText(query: string, count: number): string {
  if (!query.trim()) return fill(copy.status.all, { count });
  if (count === 0) return copy.status.none;
  return count === 1 ? copy.status.one : fill(copy.status.many, { count });
}

/** The FAQ: a note inviting e-mail, the search box and the questions (several may be open). */
export function FaqBrowser() {
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set());
  const matches = filterFaq(copy.items, query);

  const toggle = (index: number) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (!next.delete(index)) next.add(index);
      return next;
    });
  const reveal = (index: number) => setOpen((prev) => (prev.has(index) ? prev : new Set(prev).add(index)));

  return (
    <section aria-labelledby="faq-list-title" className="bg-slate-50 py-12 sm:py-16">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)] lg:gap-14 lg:px-6">
        <div className="space-y-8 lg:sticky lg:top-24 lg:self-start">
          <FaqSearch query={query} onChange={setQuery} status={statusText(query, matches.length)} />
          <p className="flex gap-3 rounded-xl bg-brand-50 p-5 leading-relaxed text-slate-800 ring-1 ring-brand-100">
            <MailIcon className="mt-0.5 size-5 shrink-0 text-brand-700" />
            <span>
              <TextWithLink text={copy.note} name="email" href={mailto} label={site.email} />
            </span>
          </p>
        </div>

        <div>
          <h2 id="faq-list-title" className="text-2xl font-bold tracking-tight text-slate-900">
            {copy.listHeading}
          </h2>
          {matches.length > 0 ? (
            <ul className="mt-6 space-y-3">
              {matches.map((entry, position) => (
                <FaqItem
                  key={entry.index}
                  entry={entry}
                  position={position}
                  open={open.has(entry.index)}
                  onToggle={() => toggle(entry.index)}
                  onReveal={() => reveal(entry.index)}
                />
              ))}
            </ul>
          ) : (
            <div className="mt-6 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
              <p className="text-lg font-semibold text-slate-900">{fill(copy.noMatch.title, { query: query.trim() })}</p>
              <p className="mt-2 leading-relaxed text-slate-700">
                <TextWithLink text={copy.noMatch.text} name="email" href={mailto} label={site.email} />
              </p>
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
