// Comment moderation: comments held for review, approved and marked as
// spam, with bulk actions on a selection (approve, mark as spam, delete).
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ReviewComment } from '../../gen/wire';
import { adminSend } from '../api';
import { ErrorText, failureText as errorText } from '../ui/alert';
import { formatWhen } from '../ui/format';
import { ConfirmDelete } from '../ui/confirm-delete';
import { AdminTable } from '../ui/admin-table';
import { ListStates } from '../ui/list-states';
import { PageLinks } from '../ui/pager';
import { dangerButton as danger, primaryButton as primary, secondaryButton as secondary } from '../ui/styles';
import { TabLinks } from '../ui/tab-links';
import { useAdminData } from '../ui/use-admin-data';

export type Tab = 'held' | 'visible' | 'spam';
type Action = 'approve' | 'spam' | 'delete';

const TABS: readonly { status: Tab; label: string }[] = [
  { status: 'held', label: 'Held for review' },
  { status: 'visible', label: 'Approved' },
  { status: 'spam', label: 'Spam' },
];

/** The bulk buttons each tab offers (approving an approved comment does nothing). */
const ACTIONS: Record<Tab, readonly { action: Action; label: string }[]> = {
  held: [
    { action: 'approve', label: 'Approve' },
    { action: 'spam', label: 'Mark as spam' },
  ],
  visible: [{ action: 'spam', label: 'Mark as spam' }],
  spam: [{ action: 'approve', label: 'Approve' }],
};

/** The tab named by a query value; held for anything else. */
export function tabOf(raw: string | null): Tab {
  return raw === 'visible' || raw === 'spam' ? raw : 'held';
}

/** selection with id added or removed. */
export function toggled(selection: ReadonlySet<string>, id: string, on: boolean): Set<string> {
  const next = new Set(selection);
  if (on) next.add(id);
  else next.delete(id);
  return next;
}

/** Whether every one of ids is selected (false for none). */
export function allSelected(selection: ReadonlySet<string>, ids: readonly string[]): boolean {
  return ids.length > 0 && ids.every((id) => selection.has(id));
}

export default function CommentsScreen() {
  const [params] = useSearchParams();
  const tab = tabOf(params.get('status'));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [actionError, setActionError] = useState('');
  const [notice, setNotice] = useState('');
  const [selection, setSelection] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const {
    data: list,
    error: loadError,
    reload,
  } = useAdminData('/comments', { status: tab, page: page > 1 ? page : undefined }, (l) =>
    // Keep only what is still listed selected.
    setSelection((s) => new Set(l.comments.map((c) => c.id).filter((id) => s.has(id)))),
  );

  // A new tab starts with nothing selected and no old message.
  useEffect(() => {
    setSelection(new Set());
    setConfirming(false);
    setActionError('');
  }, [tab, page]);

  const current = list && list.status === tab && list.page === page ? list : null;
  const ids = current?.comments.map((c) => c.id) ?? [];
  const selected = ids.filter((id) => selection.has(id));
  const none = selected.length === 0;

  const act = async (action: Action) => {
    setBusy(true);
    setActionError('');
    setNotice('');
    try {
      const r = await adminSend('POST', '/comments/bulk', { ids: selected, action });
      setNotice(r.message);
      setSelection(new Set());
      setConfirming(false);
      reload();
    } catch (e) {
      setActionError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const counts = list?.counts;
  const label = TABS.find((t) => t.status === tab)?.label ?? 'Held for review';
  const pages = current ? Math.max(1, Math.ceil(current.total / current.pageSize)) : 1;
  const count = (n: number) => `${n} ${n === 1 ? 'comment' : 'comments'}`;

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold text-slate-900">Comments</h1>
      <TabLinks
        label="Comment status"
        tabs={TABS.map((t) => ({
          key: t.status,
          label: t.label,
          to: t.status === 'held' ? '.' : `?status=${t.status}`,
          active: t.status === tab,
          count: counts?.[t.status],
        }))}
      />
      <h2 className="text-lg font-semibold">{label}</h2>
      {notice && <p role="status">{notice}</p>}
      <ListStates
        rows={current?.comments ?? null}
        error={loadError}
        failed={<ErrorText>Could not load the comments. {loadError}</ErrorText>}
        loading={<p role="status">Loading comments…</p>}
        empty={<p>No comments here.</p>}
      >
        {(comments) => (
          <>
            <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Actions on the selected comments">
              <span className="text-sm">{none ? 'No comments selected' : `${count(selected.length)} selected`}</span>
              {ACTIONS[tab].map((a) => (
                <button key={a.action} type="button" className={a.action === 'approve' ? primary : secondary} disabled={none || busy} onClick={() => act(a.action)}>
                  {a.label}
                </button>
              ))}
              <button type="button" className={danger} disabled={none || busy} onClick={() => setConfirming(true)}>
                Delete
              </button>
            </div>
            {confirming && !none && (
              <ConfirmDelete
                question={<>Delete {count(selected.length)} for good? This cannot be undone.</>}
                confirm={<>Delete {count(selected.length)}</>}
                busy={busy}
                onConfirm={() => act('delete')}
                onCancel={() => setConfirming(false)}
              />
            )}
            {actionError && <ErrorText>{actionError}</ErrorText>}
            <AdminTable
              columns={[
                <label key="all" className="inline-flex items-center gap-2 whitespace-nowrap">
                  <input
                    type="checkbox"
                    checked={allSelected(selection, ids)}
                    onChange={(e) => setSelection(e.target.checked ? new Set(ids) : new Set())}
                  />
                  Select all
                </label>,
                'Commenter',
                'Post',
                'Comment',
                'Received',
              ]}
            >
              {comments.map((c) => (
                <CommentRow
                  key={c.id}
                  c={c}
                  checked={selection.has(c.id)}
                  onCheck={(on) => setSelection((s) => toggled(s, c.id, on))}
                />
              ))}
            </AdminTable>
          </>
        )}
      </ListStates>
      {current && pages > 1 && <PageLinks page={page} pages={pages} to={(p) => `?status=${tab}&page=${p}`} />}
    </div>
  );
}

function CommentRow({ c, checked, onCheck }: { c: ReviewComment; checked: boolean; onCheck: (on: boolean) => void }) {
  const nameId = `comment-${c.id}-name`;
  const postId = `comment-${c.id}-post`;
  return (
    <tr className="border-t border-slate-200 align-top">
      <td className="py-2 pr-3">
        <input type="checkbox" aria-labelledby={`${nameId} ${postId}`} checked={checked} onChange={(e) => onCheck(e.target.checked)} />
      </td>
      <td className="py-2 pr-3">
        <span id={nameId} className="block font-medium">
          {c.name}
        </span>
        <span className="block text-slate-600">{c.email}</span>
        {c.website && <span className="block break-all text-slate-600">{c.website}</span>}
      </td>
      <td className="py-2 pr-3">
        <a id={postId} href={c.postPath} className="text-blue-800 underline">
          {c.postTitle}
        </a>
      </td>
      <td className="max-w-prose py-2 pr-3 whitespace-pre-wrap break-words">{c.comment}</td>
      <td className="py-2 pr-3 whitespace-nowrap">{formatWhen(c.createdAt)}</td>
    </tr>
  );
}
