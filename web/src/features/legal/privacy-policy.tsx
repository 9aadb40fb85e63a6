import copy from '../../../../content/privacy.json';
import site from '../../../../content/site.json';
import { blocksToHTML } from '../../lib/html';
import { useSettings } from '../../lib/settings';
import { fill } from '../../lib/text';
import { legalValues } from './legal-values';

/** The privacy policy: a table of contents and the nine numbered sections. */
export function PrivacyPolicy() {
  const { retentionDays } = useSettings();
  const values = { ...legalValues, retentionDays: String(retentionDays) };
  return (
    <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:py-16 lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-16 lg:px-6">
      <nav aria-labelledby="privacy-toc-title" className="lg:sticky lg:top-24 lg:self-start">
        <h2 id="privacy-toc-title" className="text-sm font-semibold tracking-wide text-slate-600 uppercase">
          {copy.tocLabel}
        </h2>
        <ol className="mt-4 space-y-1 border-l border-slate-200">
          {copy.sections.map((s, i) => (
            <li key={s.id}>
              <a
                href={`#${s.id}`}
                className="-ml-px flex gap-2 border-l border-transparent py-1 pl-4 text-slate-700 hover:border-brand-600 hover:text-brand-700"
              >
                <span className="tabular-nums text-slate-500">{`${i + 1}.`}</span>
                {s.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      <div className="max-w-3xl">
        <p className="text-lg leading-relaxed text-slate-700">{fill(copy.intro, { company: site.name })}</p>
        {copy.sections.map((s, i) => (
          <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} className="mt-12 border-t border-slate-200 pt-10">
            <h2 id={`${s.id}-title`} className="text-2xl font-bold tracking-tight text-slate-900">
              <span className="text-brand-700">{`${i + 1}.`}</span> {s.title}
            </h2>
            <div className="prose-html mt-4" dangerouslySetInnerHTML={{ __html: blocksToHTML(s.body, values) }} />
          </section>
        ))}
      </div>
    </div>
  );
}
