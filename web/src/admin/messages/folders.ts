// The folders of contact messages, the assignment filter, and how a list's
// query string is written.
export type Folder = 'inbox' | 'archived' | 'spam';

export const FOLDERS: readonly { folder: Folder; label: string }[] = [
  { folder: 'inbox', label: 'Inbox' },
  { folder: 'archived', label: 'Archived' },
  { folder: 'spam', label: 'Spam' },
];

/** The folder named by a query value; the inbox for anything else. */
export function folderOf(raw: string | null): Folder {
  return raw === 'archived' || raw === 'spam' ? raw : 'inbox';
}

/** The folder a message lives in. */
export function folderOfMessage(m: { spam: boolean; status: string }): Folder {
  if (m.spam) return 'spam';
  return m.status === 'archived' ? 'archived' : 'inbox';
}

export type Assigned = '' | 'me' | 'none';

export const ASSIGNED: readonly { assigned: Assigned; label: string }[] = [
  { assigned: '', label: 'Everyone’s' },
  { assigned: 'me', label: 'Assigned to me' },
  { assigned: 'none', label: 'Unassigned' },
];

/** The assignment filter named by a query value; none for anything else. */
export function assignedOf(raw: string | null): Assigned {
  return raw === 'me' || raw === 'none' ? raw : '';
}

export interface ListQuery {
  folder: Folder;
  q: string;
  assigned: Assigned;
  page: number;
}

/** The query string of a list ("" for the inbox's first page, unfiltered), without "?". */
export function listSearch({ folder, q, assigned, page }: ListQuery): string {
  const p = new URLSearchParams();
  if (folder !== 'inbox') p.set('folder', folder);
  if (q.trim()) p.set('q', q.trim());
  if (assigned) p.set('assigned', assigned);
  if (page > 1) p.set('page', String(page));
  return p.toString();
}

/** The subject of a reply, as the server defaults it: "Re: " and theirs, unless it starts with "Re:". */
export function replySubject(theirs: string): string {
  const t = theirs.trim();
  if (/^re:/i.test(t)) return t;
  return t ? `Re: ${t}` : 'Re: your message';
}
