import type { KeyboardEvent } from 'react';

/**
 * A modal dialog's Tab handler: keeps Tab and Shift+Tab among the
 * dialog's own controls while it is open, wrapping from the last to the
 * first and back.
 */
export function keepFocusInside(e: KeyboardEvent<HTMLElement>) {
  if (e.key !== 'Tab') return;
  const controls = Array.from(
    e.currentTarget.querySelectorAll<HTMLElement>(
      'input:not([disabled]), button:not([disabled]), [href], select:not([disabled]), textarea:not([disabled])',
    ),
  );
  const first = controls[0];
  const last = controls[controls.length - 1];
  if (!first || !last) return;
  if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  }
}
