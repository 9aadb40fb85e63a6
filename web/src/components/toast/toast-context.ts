import { createContext } from 'react';

export type ToastTone = 'success' | 'error' | 'info';

export interface ToastOptions {
  /** Colour and urgency: errors are announced assertively. Default info. */
  tone?: ToastTone;
}

export interface ToastApi {
  /** Shows message in a toast and returns its id. */
  show(message: string, options?: ToastOptions): number;
  /** Starts closing the toast with id (it leaves the DOM a moment later). */
  dismiss(id: number): void;
}

export const ToastContext = createContext<ToastApi | null>(null);
