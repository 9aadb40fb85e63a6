// A labelled text input with an optional hint and error, wired for screen
// readers (aria-describedby, aria-invalid).
import { useId, type InputHTMLAttributes } from 'react';
import { errorText, hint as hintClass, input, label as labelClass } from './styles';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> {
  label: string;
  hint?: string;
  error?: string;
}

export function Field({ label, hint, error, ...rest }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {hint && (
        <p id={hintId} className={hintClass}>
          {hint}
        </p>
      )}
      <input id={id} className={`${input} w-full`} aria-describedby={describedBy} aria-invalid={error ? true : undefined} {...rest} />
      {error && (
        <p id={errorId} className={errorText}>
          {error}
        </p>
      )}
    </div>
  );
}
