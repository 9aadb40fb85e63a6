// An error message from the server, in words, announced when it appears.
import type { ReactNode } from 'react';
import { ApiRequestError } from '../../lib/api-client';

export function Alert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
    </p>
  );
}

/** A failure in red words, announced (role="alert"); className adds spacing before the colour. */
export function ErrorText({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <p role="alert" className={className ? `${className} text-red-700` : 'text-red-700'}>
      {children}
    </p>
  );
}

/** The words of a failure: the server's message, or a plain fallback. */
export function messageOf(e: unknown): string {
  return e instanceof Error && e.message ? e.message : 'Something went wrong. Try again.';
}

/** The words of a failed staff API request (its message), or a plain fallback for anything else. */
export function failureText(e: unknown): string {
  return e instanceof ApiRequestError ? e.message : 'Something went wrong. Please try again.';
}
