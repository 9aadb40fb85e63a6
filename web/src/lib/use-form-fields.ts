import { useEffect, useRef, useState, type RefObject } from 'react';
import { shownSince } from './early-input';

/** An input or textarea a form field renders. */
export type FieldElement = HTMLInputElement & HTMLTextAreaElement;

/**
 * The state every small form of the site keeps the same way (contact,
 * comments): the values, one message per invalid field, a ref per field
 * to move focus to the first problem, and when the form was first shown
 * (the server treats very fast submissions as robots). fields lists the
 * form's fields in form order.
 */
export function useFormFields<F extends string>(fields: readonly F[], empty: Record<F, string>) {
  const [values, setValues] = useState<Record<F, string>>(empty);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const shownAt = useRef<number | null>(null);
  // One ref per field, made once; fields is a constant list.
  const refs = useRef<Record<F, RefObject<FieldElement | null>> | null>(null);
  refs.current ??= Object.fromEntries(fields.map((f) => [f, { current: null }])) as Record<F, RefObject<FieldElement | null>>;

  useEffect(() => {
    shownAt.current = shownSince();
  }, []);

  /** Sets a field and drops its message: the visitor is correcting it. */
  function change(field: F, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) {
      setErrors((e) => {
        const rest = { ...e };
        delete rest[field];
        return rest;
      });
    }
  }

  /** Shows found (field → message) and focuses the first invalid field; true when there was one. */
  function showErrors(found: Partial<Record<F, string>>): boolean {
    setErrors(found);
    const first = fields.find((f) => found[f]);
    if (first) refs.current?.[first].current?.focus();
    return first !== undefined;
  }

  /** Milliseconds since the form was first shown, or null before that. */
  function elapsedMs(): number | null {
    return shownAt.current === null ? null : Math.round(performance.now() - shownAt.current);
  }

  return {
    values,
    errors,
    change,
    showErrors,
    elapsedMs,
    clear: () => setValues(empty),
    ref: (field: F) => refs.current![field],
  };
}
