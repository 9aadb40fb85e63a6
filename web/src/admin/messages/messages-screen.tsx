// Contact messages: the Inbox, Archived and Spam folders, and one message
// with what staff do with it (reply by e-mail, mark as unread, archive or
// move back, not spam, delete).
import { useCallback, useEffect, useState } from 'react';
import { Link, Route, Routes, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import type { ContactMessageDetail, ContactMessagePatch } from '../../gen/wire';
import { adminGet, adminPath, adminSend } from '../api';
import { ErrorText, failureText as errorText } from '../ui/alert';
import { formatWhen } from '../ui/format';
import { ConfirmDelete } from '../ui/confirm-delete';
import { AdminTable } from '../ui/admin-table';
import { ListStates } from '../ui/list-states';
import { PageLinks } from '../ui/pager';
import { dangerButton as danger, primaryButton as primary, secondaryButton as secondary } from '../ui/styles';
import { TabLinks } from '../ui/tab-links';
import { useAdminData } from '../ui/use-admin-data';

export type Folder = 'inbox' | 'archived' | 'spam';

const FOLDERS: readonly { folder: Folder; label: string }[] = [
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

/** A mailto: link answering a message, with "Re: subject". */
export function replyLink(email: string, subject: string): string {
  const re = /^re:/i.test(subject.trim()) ? subject.trim() : `Re: ${subject.trim()}`;
  return `mailto:${encodeURIComponent(email).replace(/%40/g, '@')}?subject=${encodeURIComponent(re)}`;
}

export default function MessagesScreen() {
  return (
    <Routes>
      <Route index element={<FolderView />} />
      <Route path=":id" element={<MessageView />} />
    </Routes>
  );
}

function FolderView() {
  const [params] = useSearchParams();
  const folder = folderOf(params.get('folder'));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const location = useLocation();
  const notice = (location.state as { notice?: string } | null)?.notice ?? '';
  const { data: list, error } = useAdminData('/messages', { folder, page: page > 1 ? page : undefined });

  const current = list && list.folder === folder && list.page === page ? list : null;
  const label = FOLDERS.find((f) => f.folder === folder)?.label ?? 'Inbox';
  const counts = list?.counts;
  const countOf = (f: Folder) => (counts ? { inbox: counts.inbox, archived: counts.archived, spam: counts.spam }[f] : undefined);
  const pages = current ? Math.max(1, Math.ceil(current.total / current.pageSize)) : 1;

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold text-slate-900">Messages</h1>
      <TabLinks
        label="Folders"
        tabs={FOLDERS.map((f) => ({
          key: f.folder,
          label: f.label,
          to: f.folder === 'inbox' ? '.' : `?folder=${f.folder}`,
          active: f.folder === folder,
          count: countOf(f.folder),
        }))}
      />
      {notice && <p role="status">{notice}</p>}
      <h2 className="text-lg font-semibold">
        {label}
        {folder === 'inbox' && counts ? `: ${counts.unread} unread` : ''}
      </h2>
      <ListStates
        rows={current?.messages ?? null}
        error={error}
        failed={<ErrorText>Could not load the messages. {error}</ErrorText>}
        loading={<p role="status">Loading messages…</p>}
        empty={<p>No messages in {label}.</p>}
      >
        {(messages) => (
          <AdminTable columns={['Status', 'From', 'Subject', 'Received']}>
            {messages.map((m) => {
              const unread = m.status === 'new';
              return (
                <tr key={m.id} className={`border-t border-slate-200 ${unread ? 'font-semibold' : ''}`}>
                  <td className="py-2 pr-3">{unread ? 'New' : m.status === 'archived' ? 'Archived' : 'Read'}</td>
                  <td className="py-2 pr-3">
                    <span className="block">{m.name}</span>
                    <span className="block text-slate-600">{m.email}</span>
                  </td>
                  <td className="py-2 pr-3">
                    <Link to={m.id} className="text-blue-800 underline">
                      {m.subject || '(no subject)'}
                    </Link>
                    <span className="block font-normal text-slate-600">{m.firstLine}</span>
                  </td>
                  <td className="py-2 pr-3 whitespace-nowrap">{formatWhen(m.receivedAt)}</td>
                </tr>
              );
            })}
          </AdminTable>
        )}
      </ListStates>
      {current && pages > 1 && <PageLinks page={page} pages={pages} to={(p) => `?folder=${folder}&page=${p}`} />}
    </div>
  );
}

function MessageView() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const [msg, setMsg] = useState<ContactMessageDetail | null>(null);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    let live = true;
    adminGet(adminPath('/messages/{id}', { id })).then(
      (m) => live && setMsg(m),
      (e: unknown) => live && setError(errorText(e)),
    );
    return () => {
      live = false;
    };
  }, [id]);

  const back = useCallback(
    (folder: Folder, note?: string) =>
      navigate({ pathname: '..', search: folder === 'inbox' ? '' : `?folder=${folder}` }, { state: note ? { notice: note } : undefined }),
    [navigate],
  );

  // patch changes the message; leave returns to its folder (a message
  // marked as unread would be read again by staying on it).
  const patch = async (body: ContactMessagePatch, done: string, leave = false) => {
    setBusy(true);
    setError('');
    setNotice('');
    try {
      const m = await adminSend('PATCH', adminPath('/messages/{id}', { id }), body);
      if (leave) {
        back(folderOfMessage(m), done);
        return;
      }
      setMsg(m);
      setNotice(done);
      setBusy(false);
    } catch (e) {
      setError(errorText(e));
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!msg) return;
    setBusy(true);
    setError('');
    try {
      await adminSend('DELETE', adminPath('/messages/{id}', { id }));
      back(folderOfMessage(msg), 'Message deleted.');
    } catch (e) {
      setError(errorText(e));
      setBusy(false);
      setConfirming(false);
    }
  };

  if (!msg) {
    return (
      <div className="space-y-4">
        <h1 className="text-2xl font-semibold text-slate-900">Message</h1>
        {error ? (
          <ErrorText>Could not open the message. {error}</ErrorText>
        ) : (
          <p role="status">Loading the message…</p>
        )}
        <Link to=".." className="text-blue-800 underline">
          Back to Inbox
        </Link>
      </div>
    );
  }

  const folder = folderOfMessage(msg);
  const folderLabel = FOLDERS.find((f) => f.folder === folder)?.label ?? 'Inbox';
  return (
    <div className="space-y-4">
      <Link
        to={{ pathname: '..', search: folder === 'inbox' ? '' : `?folder=${folder}` }}
        className="text-sm text-blue-800 underline"
      >
        Back to {folderLabel}
      </Link>
      <h1 className="text-2xl font-semibold text-slate-900">{msg.subject || '(no subject)'}</h1>
      {msg.spam && <p>This message is in Spam: it was sent in a way that looks automated.</p>}
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium">From</dt>
        <dd>{msg.name}</dd>
        <dt className="font-medium">E-mail</dt>
        <dd>{msg.email}</dd>
        <dt className="font-medium">Subject</dt>
        <dd>{msg.subject}</dd>
        <dt className="font-medium">Received</dt>
        <dd>{formatWhen(msg.receivedAt)}</dd>
        <dt className="font-medium">Status</dt>
        <dd>{msg.status === 'new' ? 'New' : msg.status === 'archived' ? 'Archived' : 'Read'}</dd>
      </dl>
      <h2 className="text-lg font-semibold">Message</h2>
      <p className="whitespace-pre-wrap break-words rounded-md border border-slate-200 bg-white p-3 text-sm">
        {msg.message}
      </p>
      {notice && <p role="status">{notice}</p>}
      {error && <ErrorText>{error}</ErrorText>}
      <div className="flex flex-wrap gap-2">
        <a href={replyLink(msg.email, msg.subject)} className={primary}>
          Reply by e-mail
        </a>
        {msg.status !== 'new' && (
          <button type="button" className={secondary} disabled={busy} onClick={() => patch({ status: 'new' }, 'Marked as unread.', true)}>
            Mark as unread
          </button>
        )}
        {msg.status === 'archived' ? (
          <button type="button" className={secondary} disabled={busy} onClick={() => patch({ status: 'read' }, 'Moved to the inbox.')}>
            Move to inbox
          </button>
        ) : (
          <button type="button" className={secondary} disabled={busy} onClick={() => patch({ status: 'archived' }, 'Archived.')}>
            Archive
          </button>
        )}
        {msg.spam && (
          <button type="button" className={secondary} disabled={busy} onClick={() => patch({ spam: false }, 'Moved out of Spam.')}>
            Not spam
          </button>
        )}
        {!confirming && (
          <button type="button" className={danger} disabled={busy} onClick={() => setConfirming(true)}>
            Delete
          </button>
        )}
      </div>
      {confirming && (
        <ConfirmDelete
          question="Delete this message for good? This cannot be undone."
          confirm="Delete message"
          busy={busy}
          onConfirm={remove}
          onCancel={() => setConfirming(false)}
        />
      )}
    </div>
  );
}
