// After a client-side navigation, focus moves to the new screen's main
// heading so screen-reader and keyboard users start there. Screens load
// lazily, so the heading is waited for (briefly).
import { useEffect, useRef } from 'react';

const WAIT_MS = 5000;

export function useFocusHeadingOnNavigate(key: string, mainId: string): void {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const main = document.getElementById(mainId);
    if (!main) return;
    const focus = (): boolean => {
      const h1 = main.querySelector('h1');
      if (!h1) return false;
      if (!h1.hasAttribute('tabindex')) h1.setAttribute('tabindex', '-1');
      h1.focus();
      return true;
    };
    if (focus()) return;
    const observer = new MutationObserver(() => {
      if (focus()) stop();
    });
    const timer = window.setTimeout(() => stop(), WAIT_MS);
    function stop() {
      observer.disconnect();
      window.clearTimeout(timer);
    }
    observer.observe(main, { childList: true, subtree: true });
    return stop;
  }, [key, mainId]);
}
