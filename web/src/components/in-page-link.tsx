import type { MouseEvent, ReactNode } from 'react';
import { mediaMatches, REDUCED_MOTION } from '../lib/breakpoints';

/**
 * A link to a heading further down the same page. It scrolls there
 * (smoothly unless the visitor asked for less motion) and moves focus to
 * the heading (give it tabIndex -1), so keyboard and screen-reader users
 * land where sighted users look; the address does not change. Without
 * JavaScript it is a plain fragment link.
 */
export function InPageLink({ targetId, className, children }: { targetId: string; className?: string; children: ReactNode }) {
  function click(e: MouseEvent<HTMLAnchorElement>) {
    const target = document.getElementById(targetId);
    if (!target) return;
    e.preventDefault();
    target.scrollIntoView({ behavior: mediaMatches(REDUCED_MOTION) ? 'auto' : 'smooth', block: 'start' });
    target.focus({ preventScroll: true });
  }
  return (
    <a href={`#${targetId}`} onClick={click} className={className}>
      {children}
    </a>
  );
}
