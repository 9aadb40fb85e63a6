import type { MouseEvent } from 'react';
import { mediaMatches, REDUCED_MOTION } from '../../lib/breakpoints';

/**
 * An in-page link to the open-positions heading. It scrolls there (smoothly
 * unless the visitor asked for less motion) and moves focus to the heading,
 * so keyboard and screen-reader users land where sighted users look.
 * Without JavaScript it is a plain fragment link.
 */
export function SeePositionsLink({ targetId, label }: { targetId: string; label: string }) {
  function click(e: MouseEvent<HTMLAnchorElement>) {
    const target = document.getElementById(targetId);
    if (!target) return;
    e.preventDefault();
    target.scrollIntoView({ behavior: mediaMatches(REDUCED_MOTION) ? 'auto' : 'smooth', block: 'start' });
    target.focus({ preventScroll: true });
  }
  return (
    <a
      href={`#${targetId}`}
      onClick={click}
      className="inline-flex items-center gap-2 rounded-lg bg-white px-6 py-3 font-semibold text-brand-800 shadow-sm transition-colors hover:bg-brand-50"
    >
      {label}
      <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
        <path d="M12 5v14m-6-6 6 6 6-6" />
      </svg>
    </a>
  );
}
