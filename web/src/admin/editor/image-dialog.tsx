// The rich-text editor's image dialog: a picture for the post's text,
// its alt text (required: what it shows, for people who cannot see it)
// and an optional caption. The picture is uploaded when it is inserted;
// the server checks it, re-encodes it in a few sizes and answers where it
// is. A modal of the console's own (EditorDialog), like the link dialog.
import { useEffect, useId, useRef, useState } from 'react';
import type { PostImage } from '../../gen/wire';
import { ApiRequestError } from '../../lib/api-client';
import { hint, primaryButton, secondaryButton } from '../ui/styles';
import { EditorDialog } from './editor-dialog';
import { FormField, inputClass } from './form-field';
import type { BodyImageAttrs } from './image-node';

/** The longest alt text, as the server's cover image description. */
export const IMAGE_ALT_MAX = 250;

export interface ImageDialogProps {
  /** Uploads the picture; rejects with the server's refusal. */
  upload: (file: File, onProgress: (share: number) => void) => Promise<PostImage>;
  onInsert: (image: BodyImageAttrs) => void;
  onCancel: () => void;
}

type Errors = { file?: string; alt?: string; form?: string };

export function ImageDialog({ upload, onInsert, onCancel }: ImageDialogProps) {
  const [alt, setAlt] = useState('');
  const [caption, setCaption] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [progress, setProgress] = useState<number | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const fileId = useId();
  const altId = useId();
  const captionId = useId();
  const busy = progress !== null;

  useEffect(() => fileRef.current?.focus(), []);

  const submit = async () => {
    if (busy) return;
    const file = fileRef.current?.files?.[0];
    const text = alt.trim();
    const next: Errors = {
      file: file ? undefined : 'Choose an image to insert (JPEG, PNG or WebP, at most 10 MB).',
      alt: !text
        ? 'Enter the alt text: describe what the image shows for people who cannot see it.'
        : text.length > IMAGE_ALT_MAX
          ? `The alt text must be at most ${IMAGE_ALT_MAX} characters.`
          : undefined,
    };
    setErrors(next);
    if (next.file) return fileRef.current?.focus();
    if (next.alt) return document.getElementById(altId)?.focus();
    if (!file) return;
    setProgress(0);
    try {
      const img = await upload(file, setProgress);
      onInsert({ src: img.src, alt: text, width: img.width, height: img.height, caption: caption.trim() });
    } catch (err) {
      const msg = err instanceof ApiRequestError ? (err.fields.image ?? err.message) : 'The image could not be uploaded. Please try again.';
      setErrors({ file: msg });
      setProgress(null);
      fileRef.current?.focus();
    }
  };

  return (
    <EditorDialog title="Insert image" busy={busy} onCancel={onCancel} onSubmit={() => void submit()}>
      <FormField
        id={fileId}
        label="Image file"
        help="A JPEG, PNG or WebP image, at most 10 MB. It is stored in a few sizes without its metadata (camera, place)."
        error={errors.file}
      >
        {(p) => (
          <input
            {...p}
            ref={fileRef}
            type="file"
            accept="image/jpeg,image/png,image/webp,.jpg,.jpeg,.png,.webp"
            className="min-w-0 max-w-full text-sm"
            disabled={busy}
            onChange={() => setErrors((e) => ({ ...e, file: undefined }))}
          />
        )}
      </FormField>
      <FormField id={altId} label="Alt text (required)" help="What the image shows, in a sentence, for people who cannot see it." error={errors.alt}>
        {(p) => (
          <input
            {...p}
            className={inputClass}
            value={alt}
            maxLength={IMAGE_ALT_MAX + 50}
            disabled={busy}
            aria-required="true"
            onChange={(e) => setAlt(e.target.value)}
          />
        )}
      </FormField>
      <FormField id={captionId} label="Caption (optional)">
        {(p) => <input {...p} className={inputClass} value={caption} disabled={busy} onChange={(e) => setCaption(e.target.value)} />}
      </FormField>
      {busy && (
        <p className={hint}>
          <label htmlFor={`${fileId}-progress`}>Uploading the image</label>{' '}
          <progress id={`${fileId}-progress`} max={1} value={progress} className="align-middle" />
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" className={secondaryButton} onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button type="submit" className={primaryButton} disabled={busy}>
          Insert image
        </button>
      </div>
    </EditorDialog>
  );
}
