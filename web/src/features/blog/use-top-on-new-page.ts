import { useEffect, useRef } from 'react';

/**
 * After a move to another page of a list (the blog, a tag page): back to
 * the top, with focus at the start of the content (the Previous or Next
 * link used may be gone).
 */
export function useTopOnNewPage(page: number) {
  const shown = useRef(page);
  useEffect(() => {
    if (shown.current === page) return;
    shown.current = page;
    window.scrollTo(0, 0);
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [page]);
}
