import { useEffect, useState } from 'react';
import { HEADLINE_SWITCH_MS } from './constants';

interface Props {
  id: string;
  welcome: string;
  headline: string;
  className: string;
}

/**
 * The hero's h1: the welcome text first (server HTML and first client
 * render agree), then the headline once, HEADLINE_SWITCH_MS later. Both
 * texts share one grid cell so the switch never moves the page.
 */
export function HeroHeadline({ id, welcome, headline, className }: Props) {
  const [switched, setSwitched] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSwitched(true), HEADLINE_SWITCH_MS);
    return () => clearTimeout(timer);
  }, []);
  const [shown, other] = switched ? [headline, welcome] : [welcome, headline];
  return (
    <div className="grid">
      <h1 id={id} aria-live="polite" className={`col-start-1 row-start-1 ${className}`}>
        <span key={shown} className={switched ? 'headline-swap' : undefined}>
          {shown}
        </span>
      </h1>
      <p aria-hidden="true" className={`invisible col-start-1 row-start-1 select-none ${className}`}>
        {other}
      </p>
    </div>
  );
}
