// One contact message and what staff do with it: who handles it, the
// thread of internal notes and replies (a reply is e-mailed to the sender
// through the outbox; their answer arrives in the company mailbox), and
// mark as unread, archive or move back, not spam, delete.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import type { ContactMessageDetail, ContactMessagePatch } from '../../gen/wire';
import { ApiRequestError } from '../../lib/api-client';
import { adminGet, adminPath, adminSend } from '../api';
import { useStaff } from '../staff-context';
import { ErrorText, failureText as errorText } from '../ui/alert';
import { ConfirmDelete } from '../ui/confirm-delete';
import { formatWhen } from '../ui/format';
import { dangerButton as danger, hint, input, label as labelClass, primaryButton as primary, secondaryButton as secondary } from '../ui/styles';
import { FOLDERS, folderOfMessage, replySubject, type Folder } from './folders';

/** What a reply's e-mail is doing, in words. */
export function outboxStatusText(status: string): string {
  switch (status) {
    case 'queued':
      return 'Waiting to be sent';
    case 'sending':
      return 'Being sent';
    case 'sent':
      return 'Sent';
    case 'failed':
      return 'Could not be sent (an admin can retry it under Mail)';
    default:
      return 'No longer in the outbox';
  }
}

/** A rejected form's message for field, or the failure's words. */
function fieldError(e: unknown, field: string): string {
  if (e instanceof ApiRequestError && e.fields[field]) return e.fields[field];
  return errorText(e);
}

export function MessageView() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const listSearch = (location.state as { listSearch?: string } | null)?.listSearch;
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
        {error ? <ErrorText>Could not open the message. {error}</ErrorText> : <p role="status">Loading the message…</p>}
        <Link to=".." className="text-blue-800 underline">
          Back to Inbox
        </Link>
      </div>
    );
  }

  const folder = folderOfMessage(msg);
  const folderLabel = FOLDERS.find((f) => f.folder === folder)?.label ?? 'Inbox';
  return (
    <div className="space-y-6">
      <div className="space-y-4">
        <Link
          to={{ pathname: '..', search: listSearch ?? (folder === 'inbox' ? '' : `?folder=${folder}`) }}
          className="text-sm text-blue-800 underline"
        >
          Back to {listSearch ? 'the list' : folderLabel}
        </Link>
        <h1 className="text-2xl font-semibold break-words text-slate-900">{msg.subject || '(no subject)'}</h1>
        {msg.spam && <p>This message is in Spam: it was sent in a way that looks automated.</p>}
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="font-medium">From</dt>
          <dd>{msg.name}</dd>
          <dt className="font-medium">E-mail</dt>
          <dd className="break-all">{msg.email}</dd>
          <dt className="font-medium">Subject</dt>
          <dd className="break-words">{msg.subject}</dd>
          <dt className="font-medium">Received</dt>
          <dd>{formatWhen(msg.receivedAt)}</dd>
          <dt className="font-medium">Status</dt>
          <dd>{msg.status === 'new' ? 'New' : msg.status === 'archived' ? 'Archived' : 'Read'}</dd>
          <dt className="font-medium">Assigned to</dt>
          <dd>{msg.assigneeName || 'No one'}</dd>
        </dl>
        <h2 className="text-lg font-semibold">Message</h2>
        <p className="rounded-md border border-slate-200 bg-white p-3 text-sm break-words whitespace-pre-wrap">{msg.message}</p>
        {notice && <p role="status">{notice}</p>}
        {error && <ErrorText>{error}</ErrorText>}
        <div className="flex flex-wrap gap-2">
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
      <Assignment msg={msg} onChange={setMsg} />
      <Thread msg={msg} />
      <ReplyForm msg={msg} onSent={setMsg} />
      <NoteForm msg={msg} onAdded={setMsg} />
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3 border-t border-slate-200 pt-4">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Assignment({ msg, onChange }: { msg: ContactMessageDetail; onChange: (m: ContactMessageDetail) => void }) {
  const me = useStaff();
  const [choice, setChoice] = useState(msg.assignedTo);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  useEffect(() => setChoice(msg.assignedTo), [msg.assignedTo]);
  // The current assignee stays offered even once they no longer handle messages.
  const options = msg.handlers.some((h) => h.id === msg.assignedTo) || !msg.assignedTo
    ? msg.handlers
    : [...msg.handlers, { id: msg.assignedTo, name: msg.assigneeName }];

  const assign = async (staffId: string) => {
    setBusy(true);
    setError('');
    setDone('');
    try {
      const m = await adminSend('PUT', adminPath('/messages/{id}/assignee', { id: msg.id }), { staffId });
      onChange(m);
      setChoice(m.assignedTo);
      setDone(m.assigneeName ? `Assigned to ${m.assigneeName}.` : 'No one is assigned now.');
    } catch (e) {
      setError(fieldError(e, 'staffId'));
    } finally {
      setBusy(false);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void assign(choice);
  };
  const mine = msg.assignedTo === me.id;
  const canTake = !mine && msg.handlers.some((h) => h.id === me.id);

  return (
    <Section id="assignment-heading" title="Who handles it">
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
        <div className="flex flex-col gap-1">
          <label htmlFor="assignee" className={labelClass}>
            Assigned to
          </label>
          <select
            id="assignee"
            className={input}
            value={choice}
            onChange={(e) => setChoice(e.target.value)}
            aria-invalid={error ? true : undefined}
          >
            <option value="">No one</option>
            {options.map((h) => (
              <option key={h.id} value={h.id}>
                {h.id === me.id ? `${h.name} (you)` : h.name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={secondary} disabled={busy || choice === msg.assignedTo}>
          Save assignment
        </button>
        {canTake && (
          <button type="button" className={secondary} disabled={busy} onClick={() => void assign(me.id)}>
            Assign to me
          </button>
        )}
      </form>
      {done && (
        <p role="status" className="text-sm">
          {done}
        </p>
      )}
      {error && <ErrorText>{error}</ErrorText>}
    </Section>
  );
}

function Thread({ msg }: { msg: ContactMessageDetail }) {
  return (
    <Section id="thread-heading" title="Notes and replies">
      {msg.thread.length === 0 ? (
        <p>No notes or replies yet.</p>
      ) : (
        <ol className="space-y-3">
          {msg.thread.map((e) =>
            e.kind === 'reply' ? (
              <li key={e.id} className="rounded-md border border-blue-200 bg-blue-50 p-3">
                <p className="text-sm font-medium">
                  Reply by {e.authorName}, {formatWhen(e.createdAt)}
                </p>
                <p className="text-sm break-words">
                  E-mailed to {e.to} from the site, subject “{e.subject}”. E-mail: {outboxStatusText(e.outboxStatus)}.
                </p>
                <p className="text-sm">Their answer goes to the company mailbox{msg.mailbox ? ` (${msg.mailbox})` : ''}, not to this console.</p>
                <p className="mt-2 break-words whitespace-pre-wrap">{e.body}</p>
              </li>
            ) : (
              <li key={e.id} className="rounded-md border border-amber-200 bg-amber-50 p-3">
                <p className="text-sm font-medium">
                  Note by {e.authorName}, {formatWhen(e.createdAt)} (staff only)
                </p>
                <p className="mt-2 break-words whitespace-pre-wrap">{e.body}</p>
              </li>
            ),
          )}
        </ol>
      )}
    </Section>
  );
}

function ReplyForm({ msg, onSent }: { msg: ContactMessageDetail; onSent: (m: ContactMessageDetail) => void }) {
  const [subject, setSubject] = useState(() => replySubject(msg.subject));
  const [body, setBody] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ subject?: string; body?: string; other?: string }>({});
  const [done, setDone] = useState('');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    setDone('');
    try {
      const m = await adminSend('POST', adminPath('/messages/{id}/replies', { id: msg.id }), { subject, body });
      onSent(m);
      setBody('');
      setDone(`Reply queued to ${msg.email}. You can follow it in the thread above.`);
    } catch (err) {
      const fields = err instanceof ApiRequestError ? err.fields : {};
      setErrors(fields.subject || fields.body ? { subject: fields.subject, body: fields.body } : { other: errorText(err) });
    } finally {
      setBusy(false);
    }
  };

  if (msg.spam) {
    return (
      <Section id="reply-heading" title="Reply by e-mail">
        <p>This message is in Spam. Take it out of Spam (Not spam) before replying.</p>
      </Section>
    );
  }
  return (
    <Section id="reply-heading" title="Reply by e-mail">
      <p className={hint}>
        The reply is e-mailed from the site to {msg.email}. There is no incoming mail here: when they answer, their e-mail arrives in the company
        mailbox{msg.mailbox ? ` (${msg.mailbox})` : ''}.
      </p>
      <form onSubmit={submit} className="space-y-3" noValidate>
        <div className="space-y-1">
          <label htmlFor="reply-subject" className={labelClass}>
            Subject
          </label>
          <input
            id="reply-subject"
            className={`${input} w-full`}
            value={subject}
            maxLength={200}
            onChange={(e) => setSubject(e.target.value)}
            aria-invalid={errors.subject ? true : undefined}
            aria-describedby={errors.subject ? 'reply-subject-error' : undefined}
          />
          {errors.subject && (
            <p id="reply-subject-error" className="text-sm text-red-700">
              {errors.subject}
            </p>
          )}
        </div>
        <div className="space-y-1">
          <label htmlFor="reply-body" className={labelClass}>
            Reply
          </label>
          <textarea
            id="reply-body"
            className={`${input} min-h-40 w-full`}
            value={body}
            maxLength={10000}
            onChange={(e) => setBody(e.target.value)}
            aria-invalid={errors.body ? true : undefined}
            aria-describedby={errors.body ? 'reply-body-error' : 'reply-body-hint'}
          />
          <p id="reply-body-hint" className={hint}>
            Their message is quoted below your text in the e-mail.
          </p>
          {errors.body && (
            <p id="reply-body-error" className="text-sm text-red-700">
              {errors.body}
            </p>
          )}
        </div>
        {errors.other && <ErrorText>{errors.other}</ErrorText>}
        {(errors.subject || errors.body) && <ErrorText>The reply was not sent: {errors.body ?? errors.subject}</ErrorText>}
        {done && (
          <p role="status" className="text-sm">
            {done}
          </p>
        )}
        <button type="submit" className={primary} disabled={busy}>
          Send reply
        </button>
      </form>
    </Section>
  );
}

function NoteForm({ msg, onAdded }: { msg: ContactMessageDetail; onAdded: (m: ContactMessageDetail) => void }) {
  const [body, setBody] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError('');
    setDone('');
    try {
      const m = await adminSend('POST', adminPath('/messages/{id}/notes', { id: msg.id }), { body });
      onAdded(m);
      setBody('');
      setDone('Note added.');
    } catch (err) {
      setError(fieldError(err, 'body'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Section id="note-heading" title="Internal note">
      <form onSubmit={submit} className="space-y-2" noValidate>
        <div className="space-y-1">
          <label htmlFor="note-body" className={labelClass}>
            Note
          </label>
          <textarea
            id="note-body"
            className={`${input} min-h-24 w-full`}
            value={body}
            maxLength={5000}
            onChange={(e) => setBody(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby="note-body-hint"
          />
          <p id="note-body-hint" className={hint}>
            Notes are for staff only: the sender never sees them.
          </p>
        </div>
        {error && <ErrorText>{error}</ErrorText>}
        {done && (
          <p role="status" className="text-sm">
            {done}
          </p>
        )}
        <button type="submit" className={primary} disabled={busy}>
          Add note
        </button>
      </form>
    </Section>
  );
}
