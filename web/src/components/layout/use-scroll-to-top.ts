import { useEffect, useRef } from 'react';
import { useLocation } from '../../lib/router';

/** Scrolls to the top when client-side navigation changes the path. */
export function useScrollToTop() {
  const { pathname, hash } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
}
