import type { ChangeEvent, Ref } from 'react';

interface Props {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange(value: string): void;
  /** The field's current problem, shown under it and tied to it for screen readers. */
  error?: string;
  /** A short instruction under the label. */
  hint?: string;
  type?: 'text' | 'email';
  autoComplete?: string;
  multiline?: boolean;
  inputRef?: Ref<HTMLInputElement & HTMLTextAreaElement>;
}

const control =
  'mt-1.5 block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 shadow-xs outline-none transition-colors placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600';

/** A labelled, required text input or textarea with its hint and error. */
export function FormField({ id, name, label, value, onChange, error, hint, type = 'text', autoComplete, multiline, inputRef }: Props) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const props = {
    id,
    name,
    value,
    required: true,
    autoComplete,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(e.target.value),
    className: `${control} ${error ? 'border-red-700' : 'border-slate-400'}`,
  };
  return (
    <div>
      <label htmlFor={id} className="block font-medium text-slate-900">
        {label}
      </label>
      {hint && (
        <p id={hintId} className="mt-0.5 text-sm text-slate-600">
          {hint}
        </p>
      )}
      {multiline ? <textarea {...props} ref={inputRef} rows={6} /> : <input {...props} ref={inputRef} type={type} />}
      {error && (
        <p id={errorId} className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-red-700">
          <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false" className="mt-0.5 shrink-0 fill-current">
            <path d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm-.9 4h1.8v5.2H9.1V6Zm0 6.6h1.8v1.8H9.1v-1.8Z" />
          </svg>
          {error}
        </p>
      )}
    </div>
  );
}
