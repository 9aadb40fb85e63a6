import { useCallback, useEffect, useRef } from 'react';

/**
 * focusLater(id) focuses the element of that id once the change that asked
 * for it has rendered: a field of an entry just added, or what takes the
 * place of one just removed, is not in the page yet (or still is) when the
 * click is handled. The last request before a render wins.
 */
export function useFocusLater(): (id: string) => void {
  const target = useRef<string | null>(null);
  const focusLater = useCallback((id: string) => {
    target.current = id;
  }, []);
  useEffect(() => {
    if (!target.current) return;
    document.getElementById(target.current)?.focus();
    target.current = null;
  });
  return focusLater;
}
