// The rich-text editor's link dialog: the address of a link (new or the
// one under the cursor), the text to show when nothing is selected, and
// removing a link. A modal of the console's own, not the browser's
// prompt, so it can say what is wrong and keeps what was typed.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { keepFocusInside } from '../ui/keep-focus-inside';
import { errorText, heading2, hint, input, label, primaryButton, secondaryButton } from '../ui/styles';
import { LINK_ADDRESS_HELP, linkAddress } from './link-address';

export interface LinkRequest {
  /** The address of the link under the cursor; empty for a new link. */
  href: string;
  /** Whether text is selected: without a selection the link's text is asked for too. */
  hasSelection: boolean;
}

export interface LinkDialogProps {
  request: LinkRequest;
  /** Links the selection, or inserts text when there was none. */
  onApply: (href: string, text: string) => void;
  onRemove: () => void;
  onCancel: () => void;
}

export function LinkDialog({ request, onApply, onRemove, onCancel }: LinkDialogProps) {
  const editing = request.href !== '';
  const askText = !request.hasSelection && !editing;
  const [address, setAddress] = useState(request.href);
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<{ address?: string; text?: string }>({});
  const first = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const addressId = useId();
  const textId = useId();

  useEffect(() => first.current?.focus(), []);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // Its own form, not the job's or the post's it is opened from.
    e.stopPropagation();
    const parsed = linkAddress(address);
    const next = {
      address: parsed.ok ? undefined : parsed.message,
      text: askText && !text.trim() ? 'Enter the text to show for the link.' : undefined,
    };
    setErrors(next);
    if (next.text) document.getElementById(textId)?.focus();
    else if (next.address) document.getElementById(addressId)?.focus();
    if (parsed.ok && !next.text) onApply(parsed.href, text.trim());
  };

  // In the body, not in the editor: a form may not sit inside the page's form.
  return createPortal(
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/50 p-4">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="w-full max-w-md space-y-4 rounded-lg bg-white p-6 shadow-lg"
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            onCancel();
          }
          keepFocusInside(e);
        }}
      >
        <h2 id={titleId} className={heading2}>
          {editing ? 'Edit link' : 'Add link'}
        </h2>
        <form onSubmit={submit} noValidate className="space-y-4">
          {askText && (
            <div className="flex flex-col gap-1">
              <label htmlFor={textId} className={label}>
                Text to show
              </label>
              <input
                id={textId}
                ref={first}
                className={input}
                value={text}
                aria-invalid={errors.text ? true : undefined}
                aria-describedby={errors.text ? `${textId}-error` : undefined}
                onChange={(e) => setText(e.target.value)}
              />
              {errors.text && (
                <p id={`${textId}-error`} className={errorText}>
                  {errors.text}
                </p>
              )}
            </div>
          )}
          <div className="flex flex-col gap-1">
            <label htmlFor={addressId} className={label}>
              Link address
            </label>
            <p id={`${addressId}-help`} className={hint}>
              {LINK_ADDRESS_HELP}
            </p>
            <input
              id={addressId}
              ref={askText ? undefined : first}
              className={input}
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              value={address}
              aria-invalid={errors.address ? true : undefined}
              aria-describedby={`${addressId}-help${errors.address ? ` ${addressId}-error` : ''}`}
              onChange={(e) => setAddress(e.target.value)}
            />
            {errors.address && (
              <p id={`${addressId}-error`} className={errorText}>
                {errors.address}
              </p>
            )}
          </div>
          <div className="flex flex-wrap justify-end gap-3">
            {editing && (
              <button type="button" className={`${secondaryButton} mr-auto`} onClick={onRemove}>
                Remove link
              </button>
            )}
            <button type="button" className={secondaryButton} onClick={onCancel}>
              Cancel
            </button>
            <button type="submit" className={primaryButton}>
              {editing ? 'Save link' : 'Add link'}
            </button>
          </div>
        </form>
      </div>
    </div>,
    document.body,
  );
}
