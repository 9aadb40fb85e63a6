import { useContext } from 'react';
import { ToastContext, type ToastApi } from './toast-context';

/** The toast functions of the surrounding ToastProvider. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast outside ToastProvider');
  return api;
}
