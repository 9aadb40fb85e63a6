// The post's slug: the last part of its address (/blog/{slug}). For a new
// post it follows the title until the writer types in it. The server
// checks it (internal/domain/postslug.go); suggestSlug mirrors its
// SuggestPostSlug for the prefill.
import { useEffect, useState } from 'react';
import { FormField, inputClass } from '../editor/form-field';

const LETTERS: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ð: 'd', þ: 'th', ł: 'l', ı: 'i', '&': ' and ' };
const RESERVED = new Set(['tag', 'tags', 'feed', 'feeds', 'page', 'pages', 'rss', 'atom', 'search', 'archive', 'new', 'preview']);

/** A slug made from title: lower-case ASCII letters and digits, hyphens between words. */
export function suggestSlug(title: string): string {
  let s = '';
  let sep = false;
  for (const ch of title.toLowerCase().normalize('NFKD').replace(/\p{Mn}/gu, '')) {
    if (ch === "'" || ch === '’') continue;
    for (const c of LETTERS[ch] ?? ch) {
      if (/[a-z0-9]/.test(c)) {
        if (sep && s) s += '-';
        sep = false;
        s += c;
      } else sep = true;
    }
  }
  if (s.length > 80) {
    s = s.slice(0, 80);
    const i = s.lastIndexOf('-');
    if (i > 40) s = s.slice(0, i);
    s = s.replace(/-+$/, '');
  }
  return RESERVED.has(s) ? `${s}-post` : s;
}

interface Props {
  /** The post's ID, or undefined for a new post (its slug follows the title). */
  postId?: string;
  title: string;
  slug: string;
  onChange: (slug: string) => void;
  error?: string;
  /** The slugs the post was published under before, newest first: their addresses lead to it. */
  earlier?: readonly string[];
}

export function SlugField({ postId, title, slug, onChange, error, earlier = [] }: Props) {
  const [typed, setTyped] = useState(false);
  const follows = !postId && !typed;
  useEffect(() => {
    if (follows) onChange(suggestSlug(title));
  }, [follows, title, onChange]);
  const origin = typeof location === 'undefined' ? '' : location.origin;
  const address = `${origin}/blog/${slug || postId || '…'}`;
  return (
    <>
      <FormField
        id="post-slug"
        label="Slug"
        help={`Lowercase letters, digits and hyphens, at most 80 characters. The address: ${address}${
          postId ? '. When a published post’s slug changes, its earlier address leads to the new one.' : ''
        }`}
        error={error}
      >
        {(p) => (
          <input
            {...p}
            maxLength={80}
            spellCheck={false}
            autoCapitalize="none"
            className={`${inputClass} font-mono`}
            value={slug}
            onChange={(e) => {
              setTyped(true);
              onChange(e.target.value);
            }}
          />
        )}
      </FormField>
      {earlier.length > 0 && (
        <div className="mt-2 text-sm text-slate-700">
          <p id="post-earlier-slugs">Earlier addresses, which lead here:</p>
          <ul aria-labelledby="post-earlier-slugs" className="mt-1 list-disc pl-5 font-mono break-all">
            {earlier.map((s) => (
              <li key={s}>{`${origin}/blog/${s}`}</li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}
