import { Section } from '../../components/section';
import type { RevealKind } from '../../lib/motion';

export interface HistoryEntry {
  year: string;
  title: string;
  text: string;
}

export interface HistoryCopy {
  heading: string;
  intro: string;
  entries: HistoryEntry[];
}

type Side = 'left' | 'right';

/** Entries alternate sides of the line on wide screens, starting on the left. */
export function timelineSide(index: number): Side {
  return index % 2 === 0 ? 'left' : 'right';
}

const reveal: Record<Side, RevealKind> = { left: 'fade-in-left', right: 'fade-in-right' };

/**
 * The company's milestones along a vertical line: stacked beside a line on
 * the left on phones, alternating sides of a centre line from md up. Each
 * entry fades in from its own side as it scrolls into view (useReveal of
 * the page).
 */
export function HistoryTimeline({ copy }: { copy: HistoryCopy }) {
  return (
    <Section id="history-title" title={copy.heading} intro={copy.intro} layout="centered">
      <div className="relative mt-12">
        <span aria-hidden="true" className="absolute inset-y-0 left-4 w-0.5 -translate-x-1/2 bg-brand-200 md:left-1/2" />
        <ol className="relative space-y-10">
          {copy.entries.map((entry, i) => {
            const side = timelineSide(i);
            return (
              <li
                key={entry.year}
                data-side={side}
                data-reveal={reveal[side]}
                className="relative pl-12 md:grid md:grid-cols-2 md:gap-x-16 md:pl-0"
              >
                <span
                  aria-hidden="true"
                  className="absolute left-4 top-7 size-4 -translate-x-1/2 rounded-full bg-brand-700 ring-4 ring-white md:left-1/2"
                />
                <article
                  className={`rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 md:row-start-1 ${
                    side === 'left' ? 'md:col-start-1' : 'md:col-start-2'
                  }`}
                >
                  <h3 className="flex flex-col gap-1">
                    <time dateTime={entry.year} className="text-sm font-bold tracking-widest text-accent-700 md:sr-only">
                      {entry.year}
                    </time>
                    <span className="text-xl font-semibold text-slate-900">{entry.title}</span>
                  </h3>
                  <p className="mt-3 leading-relaxed text-slate-700">{entry.text}</p>
                </article>
                {/* The year again, large, beside the line on the free side. */}
                <p
                  aria-hidden="true"
                  className={`hidden pt-3 text-5xl font-bold tracking-tight text-brand-500 md:row-start-1 md:block ${
                    side === 'left' ? 'md:col-start-2' : 'md:col-start-1 md:text-right'
                  }`}
                >
                  {entry.year}
                </p>
              </li>
            );
          })}
        </ol>
      </div>
    </Section>
  );
}
