// A post's tags in the editor: typed one at a time (Enter or a comma adds
// the one typed), each shown with a button that removes it. The field
// checks the rules the server applies (domain.TagsProblem) as a tag is
// added, so a mistake shows at once; the server's answer still names the
// field when it refuses.
import { useState } from 'react';
import { POST_TAG_LIMITS } from '../../gen/apply-rules';
import { FormField, inputClass } from '../editor/form-field';

const { max, minLength, maxLength } = POST_TAG_LIMITS;

/** A tag as the server keeps it: trimmed, each run of white space one space. */
export function normalizeTag(tag: string): string {
  return tag.trim().split(/\s+/u).filter(Boolean).join(' ');
}

/** A tag's slug: lower case, each run of spaces and hyphens one hyphen (as domain.TagSlug, for a valid tag). */
export function tagSlug(tag: string): string {
  return tag
    .toLowerCase()
    .split(/[\s-]+/u)
    .filter(Boolean)
    .join('-');
}

/** What keeps tag (normalised) from joining tags, or "". */
export function tagProblem(tag: string, tags: readonly string[]): string {
  const length = [...tag].length;
  if (length < minLength || length > maxLength) return `Tag “${tag}” must be ${minLength} to ${maxLength} characters long.`;
  if (!/^[\p{L}\p{N} -]+$/u.test(tag)) return `Tag “${tag}” may hold only letters, digits, spaces and hyphens.`;
  if (tagSlug(tag) === '') return `Tag “${tag}” needs at least one letter or digit.`;
  const same = tags.find((t) => tagSlug(t) === tagSlug(tag));
  if (same !== undefined) return `“${same}” is already a tag of this post.`;
  if (tags.length >= max) return `A post may have at most ${max} tags.`;
  return '';
}

interface Props {
  id: string;
  tags: readonly string[];
  onChange: (tags: string[]) => void;
  /** The server's message for the field, if it refused the tags. */
  error?: string;
}

export function TagsField({ id, tags, onChange, error }: Props) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState('');

  /** Adds each of the comma-separated tags in typed; keeps in the box what could not be added. */
  function add(typed: string) {
    let next = [...tags];
    const left: string[] = [];
    let message = '';
    for (const part of typed.split(',')) {
      const tag = normalizeTag(part);
      if (tag === '') continue;
      const why = tagProblem(tag, next);
      if (why) {
        message ||= why;
        left.push(tag);
      } else {
        next = [...next, tag];
      }
    }
    if (next.length !== tags.length) onChange(next);
    setText(left.join(', '));
    setProblem(message);
  }

  function remove(tag: string) {
    onChange(tags.filter((t) => t !== tag));
    setProblem('');
    document.getElementById(id)?.focus();
  }

  return (
    <FormField
      id={id}
      label="Tags"
      help={`Type a tag and press Enter or a comma. At most ${max} tags, each ${minLength} to ${maxLength} characters: letters, digits, spaces and hyphens.`}
      error={problem || error}
    >
      {(p) => (
        <div>
          {tags.length > 0 && (
            <ul aria-label="Tags of this post" className="mb-2 flex flex-wrap gap-2">
              {tags.map((tag) => (
                <li key={tag} className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-1 pr-1 pl-3 text-sm text-slate-900 ring-1 ring-slate-300">
                  {tag}
                  <button
                    type="button"
                    aria-label={`Remove tag ${tag}`}
                    className="inline-flex size-6 items-center justify-center rounded-full text-slate-700 hover:bg-slate-200 hover:text-slate-900"
                    onClick={() => remove(tag)}
                  >
                    <span aria-hidden="true">×</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <input
            {...p}
            aria-invalid={problem || error ? true : undefined}
            className={inputClass}
            value={text}
            maxLength={maxLength * max + max}
            enterKeyHint="enter"
            onChange={(e) => {
              const value = e.target.value;
              if (value.includes(',')) add(value);
              else {
                setText(value);
                setProblem('');
              }
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault(); // adds the tag rather than saving the post
                add(text);
              }
            }}
            onBlur={() => {
              if (text.trim() !== '') add(text);
            }}
          />
        </div>
      )}
    </FormField>
  );
}
