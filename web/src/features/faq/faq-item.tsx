import type { CSSProperties } from 'react';
import { FindablePanel } from '../../components/findable-panel';
import { ChevronDownIcon } from '../../components/icons';
import { blocksToHTML } from '../../lib/html';
import { REVEAL_DISTANCE_PX } from '../../lib/motion';
import { FAQ_REVEAL_DURATION_MS, FAQ_REVEAL_STEP_MS } from './constants';
import type { FaqMatch } from './filter-faq';

interface Props {
  entry: FaqMatch;
  /** Place in the list as shown now: sets the entrance delay. */
  position: number;
  open: boolean;
  onToggle: () => void;
  /** Opens the item (find-in-page matched its hidden answer). */
  onReveal: () => void;
}

/** One question: a button that shows or hides its answer. */
export function FaqItem({ entry, position, open, onToggle, onReveal }: Props) {
  const buttonId = `faq-question-${entry.index}`;
  const panelId = `faq-answer-${entry.index}`;
  const timing = {
    '--stagger-delay': `${position * FAQ_REVEAL_STEP_MS}ms`,
    '--stagger-duration': `${FAQ_REVEAL_DURATION_MS}ms`,
    '--reveal-distance': `${REVEAL_DISTANCE_PX}px`,
  } as CSSProperties;
  return (
    <li className="stagger-in rounded-xl bg-white shadow-sm ring-1 ring-slate-200" style={timing}>
      <h3>
        <button
          id={buttonId}
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={onToggle}
          className="flex w-full items-center justify-between gap-4 rounded-xl px-5 py-4 text-left font-semibold text-slate-900 transition-colors hover:text-brand-700"
        >
          <span>{entry.question}</span>
          <ChevronDownIcon
            className={`size-5 shrink-0 text-brand-700 transition-transform motion-reduce:transition-none ${open ? 'rotate-180' : ''}`}
          />
        </button>
      </h3>
      <FindablePanel id={panelId} open={open} onReveal={onReveal} html={blocksToHTML([entry.answer])} className="prose-html px-5 pb-5" />
    </li>
  );
}
