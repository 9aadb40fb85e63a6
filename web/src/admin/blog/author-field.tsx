// The post editor's author: one of the members of staff who set a display
// name on their account page, or none (the post is the company's). A new
// post starts with the member writing it when they have a display name. A
// member whose account is disabled is offered only as the post's author
// already (their posts keep them).
import { useContext, useEffect, useRef } from 'react';
import type { Author } from '../../gen/wire';
import { FormField, inputClass } from '../editor/form-field';
import { StaffContext } from '../staff-context';
import { useAdminData } from '../ui/use-admin-data';

interface Props {
  id: string;
  /** The chosen author's account ID, "" = none. */
  value: string;
  /** A post not saved yet: it takes the signed-in member as its author once the list shows they may be. */
  isNew: boolean;
  onChange: (authorId: string) => void;
  error?: string;
}

export const AUTHOR_HELP =
  'Shown on the post’s page with their photo and bio. The list has the members of staff who set a display name on their account page.';

/** The choices of author for a post whose author is value. */
export function authorChoices(authors: readonly Author[], value: string): Author[] {
  return authors.filter((a) => !a.disabled || a.id === value);
}

export function AuthorField({ id, value, isNew, onChange, error }: Props) {
  const myId = useContext(StaffContext)?.id ?? '';
  const answer = useAdminData('/authors');
  const loadError = answer.error;
  // Only a list is a list of authors (a stub answering something else is none).
  const data = Array.isArray(answer.data) ? answer.data : null;
  const defaulted = useRef(false);
  useEffect(() => {
    if (!isNew || !data || defaulted.current) return;
    defaulted.current = true;
    if (value === '' && data.some((a) => a.id === myId && !a.disabled)) onChange(myId);
  }, [isNew, data, value, myId, onChange]);

  const choices = authorChoices(data ?? [], value);
  const current = choices.find((a) => a.id === value);
  return (
    <FormField id={id} label="Author" help={AUTHOR_HELP} error={error || loadError || undefined}>
      {(p) => (
        <div className="flex items-center gap-3">
          {current?.photo && <img src={current.photo} alt="" width={40} height={40} className="size-10 shrink-0 rounded-full bg-slate-100 object-cover" />}
          <select {...p} className={inputClass} value={value} onChange={(e) => onChange(e.target.value)}>
            <option value="">No author (the company’s post)</option>
            {choices.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
                {a.id === myId ? ' (you)' : ''}
                {a.disabled ? ' (account disabled)' : ''}
              </option>
            ))}
            {value !== '' && !current && <option value={value}>{data ? 'A member of staff without a display name' : 'Loading…'}</option>}
          </select>
        </div>
      )}
    </FormField>
  );
}
