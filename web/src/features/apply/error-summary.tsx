import { useEffect, useRef, type MouseEvent } from 'react';
import copy from '../../../../content/apply.json';
import { fieldId } from './form-state';

export interface Problem {
  path: string;
  /** What the summary says: the field's name and its message. */
  text: string;
  /** Whether the form has an input for the path (the link can go there). */
  known: boolean;
}

/**
 * Every problem of a failed attempt, top to bottom, each a link to its
 * field. It takes focus when it appears and again on each new attempt
 * (attempt changes), so keyboard and screen reader users start from it.
 */
export function ErrorSummary({ problems, attempt }: { problems: Problem[]; attempt: number }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = problems.length > 0;
  useEffect(() => {
    if (shown) heading.current?.focus();
  }, [shown, attempt]);
  if (!shown) return null;

  function jump(e: MouseEvent<HTMLAnchorElement>, path: string) {
    const el = document.getElementById(fieldId(path));
    if (!el) return;
    e.preventDefault();
    el.focus(); // scrolls it into view, clear of the fixed header (scroll-padding-top)
  }

  return (
    <div aria-labelledby="apply-error-summary-title" role="region" className="rounded-2xl border-2 border-red-700 bg-red-50 p-5 sm:p-6">
      <h2 id="apply-error-summary-title" ref={heading} tabIndex={-1} className="text-xl font-bold text-red-800">
        {copy.summaryTitle}
      </h2>
      <ul className="mt-3 list-disc space-y-1.5 pl-5 text-red-800">
        {problems.map((p) => (
          <li key={p.path}>
            {p.known ? (
              <a href={`#${fieldId(p.path)}`} onClick={(e) => jump(e, p.path)} className="font-medium underline underline-offset-2 hover:text-red-950">
                {p.text}
              </a>
            ) : (
              p.text
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
