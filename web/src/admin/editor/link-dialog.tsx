// The rich-text editor's link dialog: the address of a link (new or the
// one under the cursor), the text to show when nothing is selected, and
// removing a link. A modal of the console's own (EditorDialog), not the
// browser's prompt, so it can say what is wrong and keeps what was typed.
import { useEffect, useId, useRef, useState } from 'react';
import { primaryButton, secondaryButton } from '../ui/styles';
import { EditorDialog } from './editor-dialog';
import { FormField, inputClass } from './form-field';
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
  const addressId = useId();
  const textId = useId();

  useEffect(() => first.current?.focus(), []);

  const submit = () => {
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

  return (
    <EditorDialog title={editing ? 'Edit link' : 'Add link'} onCancel={onCancel} onSubmit={submit}>
      {askText && (
        <FormField id={textId} label="Text to show" error={errors.text}>
          {(p) => <input {...p} ref={first} className={inputClass} value={text} onChange={(e) => setText(e.target.value)} />}
        </FormField>
      )}
      <FormField id={addressId} label="Link address" help={LINK_ADDRESS_HELP} error={errors.address}>
        {(p) => (
          <input
            {...p}
            ref={askText ? undefined : first}
            className={inputClass}
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            value={address}
            onChange={(e) => setAddress(e.target.value)}
          />
        )}
      </FormField>
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
    </EditorDialog>
  );
}
