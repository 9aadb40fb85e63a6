import { useState } from 'react';
import copy from '../../../../content/terms.json';
import { FindablePanel } from '../../components/findable-panel';
import { ChevronDownIcon } from '../../components/icons';
import { blocksToHTML } from '../../lib/html';
import { legalValues } from './legal-values';

const values = { ...legalValues, privacyPolicy: { href: '/privacy', text: copy.privacyLinkText } };

/** The terms' sections as an accordion: at most one open; clicking the open one closes it. */
export function TermsAccordion() {
  const [openId, setOpenId] = useState<string | null>(null);
  return (
    <ol className="divide-y divide-slate-200 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      {copy.sections.map((s, i) => {
        const open = openId === s.id;
        return (
          <li key={s.id}>
            <h2>
              <button
                id={`terms-${s.id}`}
                type="button"
                aria-expanded={open}
                aria-controls={`terms-${s.id}-panel`}
                onClick={() => setOpenId(open ? null : s.id)}
                className="flex w-full items-center gap-4 px-5 py-4 text-left text-lg font-semibold text-slate-900 transition-colors hover:text-brand-700 sm:px-6"
              >
                <span className="w-7 shrink-0 tabular-nums text-brand-700">{`${i + 1}.`}</span>
                <span className="flex-1">{s.title}</span>
                <ChevronDownIcon
                  className={`size-5 shrink-0 text-brand-700 transition-transform motion-reduce:transition-none ${open ? 'rotate-180' : ''}`}
                />
              </button>
            </h2>
            <FindablePanel
              id={`terms-${s.id}-panel`}
              open={open}
              onReveal={() => setOpenId(s.id)}
              html={blocksToHTML(s.body, values)}
              className="prose-html px-5 pb-6 sm:pr-6 sm:pl-17"
            />
          </li>
        );
      })}
    </ol>
  );
}
