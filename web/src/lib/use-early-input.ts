import { useLayoutEffect, useRef, type RefObject } from 'react';
import { keepEarlyInput } from './early-input';

/**
 * A ref for a form whose fields the visitor may fill before the page's
 * script takes over: as the form hydrates, whatever is in its fields is
 * handed to its change handlers (see early-input.ts), so the form starts
 * from what the visitor typed, selected, checked or attached. onKept gets
 * the names of those fields (none on a form the app rendered itself).
 */
export function useEarlyInput(onKept?: (names: string[]) => void): RefObject<HTMLFormElement | null> {
  const form = useRef<HTMLFormElement>(null);
  const kept = useRef(onKept);
  kept.current = onKept;
  useLayoutEffect(() => {
    if (form.current) keepEarlyInput(form.current, (names) => kept.current?.(names));
  }, []);
  return form;
}
