// The application form's controls: each a visible label (marked when
// required), an optional hint and the field's message, tied to the control
// for screen readers. Ids come from the field's path (fieldId), so a
// message from the server finds its input. Each control is memoised: given
// the same props (a stable onChange, options that are constants) it does
// not render again when the form does, so a key press renders its own
// field only.
import { memo, useEffect, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import copy from '../../../../content/apply.json';
import { escapeHTML } from '../../lib/html';
import { fill } from '../../lib/text';
import { fieldId, formatBytes } from './form-state';

const t = copy;

export const control =
  'mt-1.5 block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 shadow-xs outline-none transition-colors placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600';

const border = (error?: string) => (error ? 'border-red-700' : 'border-slate-400');

interface Common {
  /** The field's path in the request ("email", "educations.0.score"). */
  path: string;
  label: string;
  required?: boolean;
  hint?: string;
  error?: string;
  className?: string;
}

/** What every control gets: its id and the ARIA ties to its hint and message. */
function ids({ path, hint, error, required }: Common) {
  const id = fieldId(path);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return {
    id,
    hintId,
    errorId,
    control: {
      id,
      required: required || undefined,
      'aria-required': required || undefined,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
    },
  };
}

export function RequiredMark() {
  return (
    <span aria-hidden="true" className="ml-0.5 text-red-700">
      *
    </span>
  );
}

/**
 * A label with the required mark beside it, not inside it: the label's
 * text (and so the control's name) is exactly the field's name.
 */
function Label({ htmlFor, text, required }: { htmlFor: string; text: string; required?: boolean }) {
  return (
    <div>
      <label htmlFor={htmlFor} className="font-medium text-slate-900">
        {text}
      </label>
      {required && <RequiredMark />}
    </div>
  );
}

export function FieldError({ id, children }: { id?: string; children?: string }) {
  if (!children) return null;
  return (
    <p id={id} className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-red-700">
      <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false" className="mt-0.5 shrink-0 fill-current">
        <path d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm-.9 4h1.8v5.2H9.1V6Zm0 6.6h1.8v1.8H9.1v-1.8Z" />
      </svg>
      {children}
    </p>
  );
}

function Frame({ common, ids: i, children }: { common: Common; ids: ReturnType<typeof ids>; children: ReactNode }) {
  return (
    <div className={common.className}>
      <Label htmlFor={i.id} text={common.label} required={common.required} />
      {common.hint && (
        <p id={i.hintId} className="mt-0.5 text-sm text-slate-600">
          {common.hint}
        </p>
      )}
      {children}
      <FieldError id={i.errorId}>{common.error}</FieldError>
    </div>
  );
}

interface TextProps extends Common {
  value: string;
  onChange(value: string): void;
  type?: 'text' | 'email' | 'url' | 'date' | 'tel' | 'number';
  autoComplete?: string;
  inputMode?: 'numeric' | 'decimal' | 'email' | 'url' | 'tel';
  multiline?: boolean;
  rows?: number;
  min?: number | string;
  max?: number | string;
  step?: number | string;
  name?: string;
}

/** A text, e-mail, URL, date or number input, or a textarea. */
export const TextField = memo(function TextField(p: TextProps) {
  const i = ids(p);
  const props = {
    ...i.control,
    name: p.name ?? p.path,
    value: p.value,
    autoComplete: p.autoComplete,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => p.onChange(e.target.value),
    className: `${control} ${border(p.error)}`,
  };
  return (
    <Frame common={p} ids={i}>
      {p.multiline ? (
        <textarea {...props} rows={p.rows ?? 4} />
      ) : (
        <input {...props} type={p.type ?? 'text'} inputMode={p.inputMode} min={p.min} max={p.max} step={p.step} />
      )}
    </Frame>
  );
});

export interface Option {
  value: string;
  label: string;
}

/** Plain strings as options whose value is their label. */
export const asOptions = (values: readonly string[]): Option[] => values.map((v) => ({ value: v, label: v }));

interface SelectProps extends Common {
  value: string;
  onChange(value: string): void;
  options: readonly Option[];
  /** A first, empty choice ("Choose…") for a select without a default. */
  placeholder?: string;
  autoComplete?: string;
  name?: string;
  /**
   * The options never change (the phone's 245 countries): they are written
   * once, as markup, with the first value chosen, and Preact then neither
   * builds nor compares them, on hydration or after; the select's value
   * still follows the value given.
   */
  fixedOptions?: boolean;
}

/** The options as markup, the one of value selected (as a server-rendered select has it). */
function optionsMarkup(options: readonly Option[], value: string, placeholder?: string): string {
  const one = (v: string, label: string) => `<option${v === value ? ' selected' : ''} value="${escapeHTML(v)}">${escapeHTML(label)}</option>`;
  return (placeholder !== undefined ? one('', placeholder) : '') + options.map((o) => one(o.value, o.label)).join('');
}

export const SelectField = memo(function SelectField(p: SelectProps) {
  const i = ids(p);
  const [markup] = useState(() => (p.fixedOptions ? { __html: optionsMarkup(p.options, p.value, p.placeholder) } : null));
  const select = {
    ...i.control,
    name: p.name ?? p.path,
    value: p.value,
    autoComplete: p.autoComplete,
    onChange: (e: ChangeEvent<HTMLSelectElement>) => p.onChange(e.target.value),
    className: `${control} ${border(p.error)} h-11.5`,
  };
  return (
    <Frame common={p} ids={i}>
      {markup ? (
        <select {...select} dangerouslySetInnerHTML={markup} />
      ) : (
        <select {...select}>
          {p.placeholder !== undefined && <option value="">{p.placeholder}</option>}
          {p.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Frame>
  );
});

interface CheckboxProps {
  path: string;
  label: string;
  checked: boolean;
  onChange(checked: boolean): void;
  required?: boolean;
  error?: string;
}

export const CheckboxField = memo(function CheckboxField({ path, label, checked, onChange, required, error }: CheckboxProps) {
  const i = ids({ path, label, required, error });
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          {...i.control}
          type="checkbox"
          name={path}
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          className="mt-1 size-5 shrink-0 accent-brand-700"
        />
        <span>
          <label htmlFor={i.id} className="font-medium text-slate-900">
            {label}
          </label>
          {required && <RequiredMark />}
        </span>
      </div>
      <FieldError id={i.errorId}>{error}</FieldError>
    </div>
  );
});

interface FileProps extends Common {
  /** The multipart part the file goes out as ("resume", "certification.0"); also its path. */
  file: File | null;
  accept: readonly string[];
  maxBytes: number;
  /** A chosen file, checked already; or null when removed. */
  onChange(file: File | null): void;
  /** A file refused at once: its problem. */
  onRefused(problem: string): void;
  check(file: File): string;
}

/**
 * A file input that states the types and size it takes, refuses another
 * file at once (the input is emptied and the reason shown) and shows the
 * chosen file, including one restored from a draft.
 */
export const FileField = memo(function FileField(p: FileProps) {
  const hint = fill(t.hints.file, { types: p.accept.join(', '), size: formatBytes(p.maxBytes) });
  const i = ids({ ...p, hint });
  const input = useRef<HTMLInputElement>(null);
  const { file } = p;

  // A file restored from a draft (or removed) is put into the input too,
  // so the browser's own control shows what will be sent.
  useEffect(() => {
    const el = input.current;
    if (!el) return;
    const current = el.files?.[0] ?? null;
    if (same(current, file)) return;
    if (!file) {
      el.value = '';
      return;
    }
    if (typeof DataTransfer === 'undefined') return;
    try {
      const dt = new DataTransfer();
      dt.items.add(file);
      el.files = dt.files;
    } catch {
      // Some browsers will not take files this way; the line below still names the file.
    }
  }, [file]);

  function change(e: ChangeEvent<HTMLInputElement>) {
    const chosen = e.target.files?.[0] ?? null;
    if (!chosen) {
      p.onChange(null);
      return;
    }
    const problem = p.check(chosen);
    if (problem) {
      e.target.value = '';
      p.onRefused(problem);
      return;
    }
    p.onChange(chosen);
  }

  return (
    <div className={p.className}>
      <Label htmlFor={i.id} text={p.label} required={p.required} />
      <p id={i.hintId} className="mt-0.5 text-sm text-slate-600">
        {hint}
      </p>
      <input
        {...i.control}
        ref={input}
        type="file"
        name={p.path}
        accept={p.accept.join(',')}
        onChange={change}
        className={`${control} ${border(p.error)} file-input`}
      />
      {file && (
        <p className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
          <span>{fill(t.hints.chosen, { name: file.name, size: formatBytes(file.size) })}</span>
          <button type="button" onClick={() => p.onChange(null)} className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900">
            {t.removeFile}{' '}
            <span className="sr-only">{p.label}</span>
          </button>
        </p>
      )}
      <FieldError id={i.errorId}>{p.error}</FieldError>
    </div>
  );
});

function same(a: File | null, b: File | null): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  return a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;
}
