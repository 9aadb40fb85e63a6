// A session ends at a fixed time however busy the member is (12 hours
// after signing in). At that moment the console asks the server, and the
// answer (401) shows the sign-in screen rather than letting the member
// work on until their next save fails. The 30-minute idle limit is the
// server's to judge: any call after it answers 401 the same way.
import { useEffect } from 'react';
import { adminGet } from '../api';

// setTimeout cannot wait longer than this (about 24.8 days).
const MAX_DELAY = 2 ** 31 - 1;

export function useSessionEnd(expiresAt: string | undefined): void {
  useEffect(() => {
    if (!expiresAt) return;
    const at = Date.parse(expiresAt);
    if (Number.isNaN(at)) return;
    const delay = Math.min(Math.max(at - Date.now() + 1000, 0), MAX_DELAY);
    const timer = window.setTimeout(() => {
      // A 401 fires SIGNED_OUT_EVENT (api.ts); other failures change nothing.
      adminGet('/me').catch(() => undefined);
    }, delay);
    return () => window.clearTimeout(timer);
  }, [expiresAt]);
}
