import type { ChangeEvent, Ref } from 'react';

interface Props {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange(value: string): void;
  /** Required fields carry a mark beside the label; optional ones say "(optional)". */
  required: boolean;
  optionalText: string;
  /** The field's current problem, shown under it and tied to it for screen readers. */
  error?: string;
  hint?: string;
  type?: 'text' | 'email' | 'url';
  autoComplete?: string;
  multiline?: boolean;
  inputRef?: Ref<HTMLInputElement & HTMLTextAreaElement>;
}

const control =
  'mt-1.5 block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 shadow-xs outline-none transition-colors focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600';

/**
 * A labelled input or textarea of the comment form with its hint and
 * error. The required mark sits beside the label, not in it, so the
 * control's name is exactly the field's name.
 */
export function CommentField(p: Props) {
  const hintId = p.hint ? `${p.id}-hint` : undefined;
  const errorId = p.error ? `${p.id}-error` : undefined;
  const props = {
    id: p.id,
    name: p.name,
    value: p.value,
    required: p.required || undefined,
    autoComplete: p.autoComplete,
    'aria-invalid': p.error ? true : undefined,
    'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => p.onChange(e.target.value),
    className: `${control} ${p.error ? 'border-red-700' : 'border-slate-400'}`,
  };
  return (
    <div>
      <div>
        <label htmlFor={p.id} className="font-medium text-slate-900">
          {p.label}
        </label>
        {p.required ? (
          <span aria-hidden="true" className="ml-0.5 text-red-700">
            *
          </span>
        ) : (
          <span className="ml-1.5 text-sm text-slate-600">{p.optionalText}</span>
        )}
      </div>
      {p.hint && (
        <p id={hintId} className="mt-0.5 text-sm text-slate-600">
          {p.hint}
        </p>
      )}
      {p.multiline ? <textarea {...props} ref={p.inputRef} rows={5} /> : <input {...props} ref={p.inputRef} type={p.type ?? 'text'} />}
      {p.error && (
        <p id={errorId} className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-red-700">
          <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false" className="mt-0.5 shrink-0 fill-current">
            <path d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm-.9 4h1.8v5.2H9.1V6Zm0 6.6h1.8v1.8H9.1v-1.8Z" />
          </svg>
          {p.error}
        </p>
      )}
    </div>
  );
}
