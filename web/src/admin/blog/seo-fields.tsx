// What search engines and link previews show of a post: its SEO title,
// search description and social image, each falling back to the title,
// the description and the cover; with the characters left and a plain
// preview of the search result.
import { useId, useRef } from 'react';
import site from '../../../../content/site.json';
import { FormField, inputClass, secondaryButton } from '../editor/form-field';

export const SEO_TITLE_MAX = 70;
export const SEO_DESCRIPTION_MAX = 160;

interface Props {
  title: string;
  description: string;
  seoTitle: string;
  seoDescription: string;
  address: string;
  onChange: (v: { seoTitle?: string; seoDescription?: string }) => void;
  fields: Record<string, string | undefined>;
  /** The social image's URL path, or "" for none. */
  socialImage: string;
  /** Whether the post is saved (a social image belongs to a saved post). */
  saved: boolean;
  busy: boolean;
  onUpload: (file: File | undefined) => void;
  onRemove: () => void;
}

function left(text: string, max: number): string {
  const n = max - [...text].length;
  return n >= 0 ? `${n} characters left.` : `${-n} characters too many.`;
}

export function SeoFields(props: Props) {
  const { title, description, seoTitle, seoDescription, address, onChange, fields, socialImage, saved, busy } = props;
  const fileRef = useRef<HTMLInputElement>(null);
  const previewId = useId();
  const shownTitle = `${seoTitle.trim() || title.trim() || 'Untitled post'} | ${site.name}`;
  const shownDescription = seoDescription.trim() || description.trim();
  return (
    <fieldset className="min-w-0 rounded-md border border-slate-300 p-3">
      <legend className="px-1 text-sm font-medium text-slate-800">Search and link previews</legend>
      <div className="space-y-4">
        <FormField
          id="post-seoTitle"
          label="SEO title"
          help={`Optional: the title search results and link previews show, instead of the post’s title. ${left(seoTitle, SEO_TITLE_MAX)}`}
          error={fields.seoTitle}
        >
          {(p) => <input {...p} className={inputClass} value={seoTitle} onChange={(e) => onChange({ seoTitle: e.target.value })} />}
        </FormField>
        <FormField
          id="post-seoDescription"
          label="Search description"
          help={`Optional: the text under the title in search results, instead of the description. ${left(seoDescription, SEO_DESCRIPTION_MAX)}`}
          error={fields.seoDescription}
        >
          {(p) => <textarea {...p} rows={2} className={inputClass} value={seoDescription} onChange={(e) => onChange({ seoDescription: e.target.value })} />}
        </FormField>
        <section aria-labelledby={previewId} className="rounded-md bg-slate-50 p-3">
          <h2 id={previewId} className="text-sm font-medium text-slate-800">
            Search result preview
          </h2>
          <p className="mt-2 break-words text-lg text-blue-800">{shownTitle}</p>
          <p className="break-all text-sm text-green-800">{address}</p>
          <p className="break-words text-sm text-slate-700">{shownDescription || 'No description: search engines pick words from the post.'}</p>
        </section>
        <div>
          <FormField
            id="post-socialImage"
            label="Social image"
            help="Optional: the picture link previews show, instead of the cover. JPEG, PNG or WebP; it is cropped to 1200 × 630 from its middle."
            error={fields.socialImage}
          >
            {(p) => <input {...p} ref={fileRef} type="file" accept="image/jpeg,image/png,image/webp,.jpg,.jpeg,.png,.webp" className="max-w-full text-sm" disabled={!saved} />}
          </FormField>
          {!saved && <p className="mt-1 text-sm text-slate-600">Save the draft first to add a social image.</p>}
          <div className="mt-2 flex flex-wrap gap-2">
            <button type="button" className={secondaryButton} disabled={busy || !saved} onClick={() => props.onUpload(fileRef.current?.files?.[0])}>
              Upload social image
            </button>
            {socialImage && (
              <button type="button" className={secondaryButton} disabled={busy} onClick={props.onRemove}>
                Remove social image
              </button>
            )}
          </div>
          {socialImage && <img src={socialImage} alt="The social image" width={300} height={158} className="mt-2 h-auto max-w-full rounded border border-slate-200" />}
        </div>
      </div>
    </fieldset>
  );
}
