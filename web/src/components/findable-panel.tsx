import { useEffect, useLayoutEffect, useRef } from 'react';
import { escapeHTML } from '../lib/html';

interface Props {
  /** The panel's id, for its button's aria-controls. */
  id: string;
  open: boolean;
  /** Called when the browser's find-in-page matches text in the closed panel. */
  onReveal: () => void;
  /** The panel's content: markup built by lib/html.ts. */
  html: string;
  className?: string;
}

/**
 * The body of an accordion section. Closed, it carries hidden="until-found":
 * its text is in the server HTML, out of sight and out of the accessibility
 * tree, yet the browser's find-in-page finds it and opens it (beforematch).
 *
 * React writes `hidden` only as a boolean (hidden=""), so the panel element
 * is written as markup and its attribute kept in step by hand. The markup
 * never changes with `open`, so React leaves the element alone and a
 * find-in-page match stays on the node the browser highlighted.
 */
export function FindablePanel({ id, open, onReveal, html, className = '' }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const reveal = useRef(onReveal);
  useEffect(() => {
    reveal.current = onReveal;
  });

  useLayoutEffect(() => {
    const panel = ref.current?.firstElementChild;
    if (!panel) return;
    if (open) panel.removeAttribute('hidden');
    else panel.setAttribute('hidden', 'until-found');
  }, [open, html]);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onMatch = () => reveal.current();
    el.addEventListener('beforematch', onMatch);
    return () => el.removeEventListener('beforematch', onMatch);
  }, []);

  // The class goes on an inner element: a hidden="until-found" box keeps
  // its own padding, so padding on it would show as a blank strip.
  const markup = `<div id="${escapeHTML(id)}" hidden="until-found"><div class="${escapeHTML(className)}">${html}</div></div>`;
  return <div ref={ref} dangerouslySetInnerHTML={{ __html: markup }} />;
}
