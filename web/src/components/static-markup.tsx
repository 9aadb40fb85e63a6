// Markup the browser never has to run. Hydration walks every element of
// the page and runs every component that rendered it, so a page's first
// long task grows with parts that can never change, such as the footer.
// StaticMarkup keeps such a part as the server sent it: while the page as
// served is hydrated, it gives Preact an element whose inner HTML it
// already has (Preact leaves dangerouslySetInnerHTML alone when hydrating,
// and again on every later render while the HTML given stays the same),
// so none of the components below it runs and none of its elements is
// visited. Its links still navigate within the site: one click handler on
// the element follows the clicks Link would have. Rendered by the server,
// or by the app itself (a test, a page built after a client-side
// navigation), it renders its children as usual.
import { createElement, useState, type ReactNode } from 'react';
import { hydrating } from '../lib/early-input';
import { useLinkClicks } from '../lib/router';

/** The inner HTML StaticMarkup hands to Preact: the same object each time, so it is never written. */
const asServed = { __html: '' };

interface Props {
  /** The element: its tag. */
  as: 'footer' | 'section' | 'div' | 'dl';
  className?: string;
  id?: string;
  'aria-labelledby'?: string;
  /**
   * What it holds: markup and links only, with no state, effect or
   * handler (the browser never runs them on the page as served), and the
   * same on every page (it is kept across client-side navigation).
   */
  children: ReactNode;
}

/** An element whose contents are the server's markup on the page as served (see above). */
export function StaticMarkup({ as, children, ...props }: Props) {
  // Decided once, on the first render: kept as served when that render hydrates the page.
  const [asSent] = useState(hydrating);
  const onClick = useLinkClicks();
  if (asSent) return createElement(as, { ...props, onClick, dangerouslySetInnerHTML: asServed });
  return createElement(as, props, children);
}
