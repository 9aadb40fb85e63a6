import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import copy from '../../../../content/toast.json';
import { TOAST_LIMIT } from './constants';
import { ToastContext, type ToastApi, type ToastOptions } from './toast-context';
import { ToastItem, type ToastData } from './toast-item';

/**
 * Holds the page's toasts and renders their live region (bottom right,
 * full width on phones). The region is always in the DOM, empty on the
 * server, so screen readers are listening before the first toast arrives.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastData[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => {
    setToasts((ts) => ts.map((t) => (t.id === id && t.open ? { ...t, open: false } : t)));
  }, []);

  const remove = useCallback((id: number) => {
    setToasts((ts) => ts.filter((t) => t.id !== id));
  }, []);

  const show = useCallback((message: string, { tone = 'info' }: ToastOptions = {}) => {
    const id = nextId.current++;
    setToasts((ts) => [...ts, { id, message, tone, open: true }].slice(-TOAST_LIMIT));
    return id;
  }, []);

  const api = useMemo<ToastApi>(() => ({ show, dismiss }), [show, dismiss]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <section
        aria-label={copy.regionLabel}
        aria-live="polite"
        className="pointer-events-none fixed inset-x-4 bottom-4 z-[70] flex flex-col items-end gap-2 sm:left-auto"
      >
        {toasts.map((t) => (
          <ToastItem key={t.id} toast={t} onDismiss={dismiss} onRemove={remove} dismissLabel={copy.dismiss} />
        ))}
      </section>
    </ToastContext.Provider>
  );
}
