// A labelled form control with its help and the server's message, as the
// console's forms show them. The control gets aria-invalid and is described
// by the help and the message.
import type { ReactNode } from 'react';

export const inputClass = 'w-full rounded-md border border-slate-400 px-3 py-2 text-sm aria-invalid:border-red-700';
// The buttons' class names are the console's shared ones.
export { dangerButton, primaryButton, secondaryButton } from '../ui/styles';

export interface ControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

interface Props {
  id: string;
  label: string;
  help?: string;
  error?: string;
  /** Renders the control with the props that tie it to its label, help and message. */
  children: (props: ControlProps) => ReactNode;
}

export function FormField({ id, label, help, error, children }: Props) {
  const described = [help ? `${id}-help` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {help && (
        <p id={`${id}-help`} className="mt-1 text-sm text-slate-600">
          {help}
        </p>
      )}
      <div className="mt-1">{children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': described || undefined })}</div>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** The message of a failed request, and its field messages. */
export function describeError(e: unknown): { message: string; fields: Record<string, string> } {
  if (e && typeof e === 'object' && 'message' in e) {
    const fields = 'fields' in e && e.fields && typeof e.fields === 'object' ? (e.fields as Record<string, string>) : {};
    return { message: String((e as { message: unknown }).message), fields };
  }
  return { message: 'Something went wrong. Please try again.', fields: {} };
}
