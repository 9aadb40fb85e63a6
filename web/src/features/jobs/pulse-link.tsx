import { useEffect, useState, type MouseEvent, type ReactNode } from 'react';
import { Link, useNavigate } from '../../lib/router';
import { useApiCache } from '../../lib/api';
import { mediaMatches, REDUCED_MOTION } from '../../lib/breakpoints';
import { JOB_LINK_PULSE_MS } from './constants';

interface Props {
  to: string;
  /** An API path the next page reads: fetched while the pulse plays. */
  prefetch?: string;
  className: string;
  /** Added while the pulse plays. */
  pulseClassName: string;
  children: ReactNode;
}

/**
 * A link that answers a plain click with a short pulse, then navigates.
 * The next page's data loads during the pulse, so the wait is not lost.
 * With reduced motion (or a modified click: new tab, new window) it is an
 * ordinary link.
 */
export function PulseLink({ to, prefetch, className, pulseClassName, children }: Props) {
  const navigate = useNavigate();
  const cache = useApiCache();
  const [pulsing, setPulsing] = useState(false);

  useEffect(() => {
    if (!pulsing) return;
    const timer = setTimeout(() => navigate(to), JOB_LINK_PULSE_MS);
    return () => clearTimeout(timer);
  }, [pulsing, navigate, to]);

  function click(e: MouseEvent<HTMLAnchorElement>) {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    if (mediaMatches(REDUCED_MOTION)) return;
    e.preventDefault();
    if (pulsing) return;
    if (prefetch) void cache.load(prefetch);
    setPulsing(true);
  }

  return (
    <Link
      to={to}
      onClick={click}
      data-pulsing={pulsing ? 'true' : undefined}
      style={{ transitionDuration: `${JOB_LINK_PULSE_MS / 2}ms` }}
      className={`${className} transition motion-reduce:transition-none ${pulsing ? `link-pulse ${pulseClassName}` : ''}`}
    >
      {children}
    </Link>
  );
}
