// The rich-text editor's image dialog: a picture for the post's text,
// its alt text (required: what it shows, for people who cannot see it)
// and an optional caption. The picture is uploaded when it is inserted;
// the server checks it, re-encodes it in a few sizes and answers where it
// is. A modal of the console's own, like the link dialog.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import type { PostImage } from '../../gen/wire';
import { ApiRequestError } from '../../lib/api-client';
import { keepFocusInside } from '../ui/keep-focus-inside';
import { errorText, heading2, hint, input, label, primaryButton, secondaryButton } from '../ui/styles';
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
  const titleId = useId();
  const fileId = useId();
  const altId = useId();
  const captionId = useId();
  const busy = progress !== null;

  useEffect(() => fileRef.current?.focus(), []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // Its own form, not the post's it is opened from.
    e.stopPropagation();
    if (busy) return;
    const file = fileRef.current?.files?.[0];
    const text = alt.trim();
    const next: Errors = {
      file: file ? undefined : 'Choose an image to insert (JPEG or PNG, at most 10 MB).',
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

  // In the body, not in the editor: a form may not sit inside the page's form.
  return createPortal(
    <div className="fixed inset-0 z-50 flex items-center justify-center overflow-y-auto bg-slate-900/50 p-4">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="w-full max-w-md space-y-4 rounded-lg bg-white p-6 shadow-lg"
        onKeyDown={(e) => {
          if (e.key === 'Escape' && !busy) {
            e.stopPropagation();
            onCancel();
          }
          keepFocusInside(e);
        }}
      >
        <h2 id={titleId} className={heading2}>
          Insert image
        </h2>
        <form onSubmit={submit} noValidate className="space-y-4">
          <div className="flex flex-col gap-1">
            <label htmlFor={fileId} className={label}>
              Image file
            </label>
            <p id={`${fileId}-help`} className={hint}>
              A JPEG or PNG image, at most 10 MB. It is stored in a few sizes without its metadata (camera, place).
            </p>
            <input
              id={fileId}
              ref={fileRef}
              type="file"
              accept="image/jpeg,image/png,.jpg,.jpeg,.png"
              className="min-w-0 text-sm"
              disabled={busy}
              aria-invalid={errors.file ? true : undefined}
              aria-describedby={`${fileId}-help${errors.file ? ` ${fileId}-error` : ''}`}
              onChange={() => setErrors((e) => ({ ...e, file: undefined }))}
            />
            {errors.file && (
              <p id={`${fileId}-error`} className={errorText}>
                {errors.file}
              </p>
            )}
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={altId} className={label}>
              Alt text (required)
            </label>
            <p id={`${altId}-help`} className={hint}>
              What the image shows, in a sentence, for people who cannot see it.
            </p>
            <input
              id={altId}
              className={input}
              value={alt}
              maxLength={IMAGE_ALT_MAX + 50}
              disabled={busy}
              aria-required="true"
              aria-invalid={errors.alt ? true : undefined}
              aria-describedby={`${altId}-help${errors.alt ? ` ${altId}-error` : ''}`}
              onChange={(e) => setAlt(e.target.value)}
            />
            {errors.alt && (
              <p id={`${altId}-error`} className={errorText}>
                {errors.alt}
              </p>
            )}
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={captionId} className={label}>
              Caption (optional)
            </label>
            <input id={captionId} className={input} value={caption} disabled={busy} onChange={(e) => setCaption(e.target.value)} />
          </div>
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
        </form>
      </div>
    </div>,
    document.body,
  );
}
