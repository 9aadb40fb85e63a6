// The mail outbox (admins): every e-mail the site queued, where it stands,
// its attempts and last error, and a way to try a failed one again now.
// The list shows no bodies (they may hold a visitor's or applicant's
// words); opening one e-mail shows them, and the server records the
// opening in the audit log first. The HTML version is shown in a sandboxed
// frame that runs no scripts and loads nothing from elsewhere.
import { useEffect, useState } from 'react';
import { Link, Route, Routes, useParams, useSearchParams } from 'react-router';
import type { OutboxMessage, OutboxRow } from '../../gen/wire';
import { adminGet, adminPath, adminSend } from '../api';
import { ErrorText, failureText as errorText } from '../ui/alert';
import { formatWhen } from '../ui/format';
import { AdminTable } from '../ui/admin-table';
import { ListStates } from '../ui/list-states';
import { PageLinks } from '../ui/pager';
import { secondaryButton as secondary } from '../ui/styles';
import { useAdminData } from '../ui/use-admin-data';

export type MailStatus = '' | 'queued' | 'sending' | 'sent' | 'failed';

const STATUSES: readonly { value: MailStatus; label: string }[] = [
  { value: '', label: 'All' },
  { value: 'queued', label: 'Queued' },
  { value: 'sending', label: 'Sending' },
  { value: 'sent', label: 'Sent' },
  { value: 'failed', label: 'Failed' },
];

/** The status filter named by a query value; all for anything else. */
export function statusOf(raw: string | null): MailStatus {
  return STATUSES.find((s) => s.value === raw)?.value ?? '';
}

/** Whether staff may ask for another attempt now (the server agrees). */
export function retryable(status: string): boolean {
  return status === 'failed' || status === 'queued';
}

function statusWord(status: string): string {
  return STATUSES.find((s) => s.value === status)?.label ?? status;
}

export default function MailScreen() {
  return (
    <Routes>
      <Route index element={<MailList />} />
      <Route path=":id" element={<MailView />} />
    </Routes>
  );
}

/** The HTML version of an e-mail as a sandboxed frame's document: a policy
 * that lets it load nothing (no scripts, images or fonts from elsewhere). */
export function framedHTML(html: string): string {
  const policy = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";
  return `<!doctype html><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${policy}">${html}`;
}

function MailView() {
  const { id = '' } = useParams();
  const [mail, setMail] = useState<OutboxMessage | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    let live = true;
    setMail(null);
    setError('');
    adminGet(adminPath('/mail/{id}', { id })).then(
      (m) => live && setMail(m),
      (e: unknown) => live && setError(errorText(e)),
    );
    return () => {
      live = false;
    };
  }, [id]);

  const row = mail?.row;
  return (
    <div className="space-y-4">
      <Link to=".." className="text-sm font-medium text-blue-700 underline">
        Back to the outbox
      </Link>
      <h1 className="text-2xl font-semibold text-slate-900 break-words">{row ? row.subject || '(no subject)' : 'E-mail'}</h1>
      {error && <ErrorText>{error}</ErrorText>}
      {!mail && !error && <p role="status">Loading the e-mail…</p>}
      {mail && row && (
        <>
          <p className="text-sm text-slate-700">Opening an e-mail is recorded in the audit log.</p>
          <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
            <dt className="font-medium">To</dt>
            <dd className="break-all">{row.to}</dd>
            {mail.replyTo && (
              <>
                <dt className="font-medium">Reply to</dt>
                <dd className="break-all">{mail.replyTo}</dd>
              </>
            )}
            <dt className="font-medium">Subject</dt>
            <dd className="break-words">{row.subject}</dd>
            <dt className="font-medium">Date</dt>
            <dd>{formatWhen(row.createdAt)}</dd>
            <dt className="font-medium">Status</dt>
            <dd>
              {statusWord(row.status)}
              {row.status === 'sent' && row.sentAt ? ` ${formatWhen(row.sentAt)}` : ''}
            </dd>
            <dt className="font-medium">Attempts</dt>
            <dd>{row.attempts}</dd>
            <dt className="font-medium">Last error</dt>
            <dd className="break-words">{row.lastError || '—'}</dd>
          </dl>
          <section aria-labelledby="mail-text" className="space-y-2">
            <h2 id="mail-text" className="text-lg font-semibold">
              Text
            </h2>
            <pre className="max-w-full whitespace-pre-wrap break-words rounded-md border border-slate-300 bg-slate-50 p-3 font-sans text-sm">
              {mail.text}
            </pre>
          </section>
          {mail.html && (
            <section aria-labelledby="mail-html" className="space-y-2">
              <h2 id="mail-html" className="text-lg font-semibold">
                HTML version
              </h2>
              <iframe
                title={`HTML version of the e-mail “${row.subject}”`}
                sandbox=""
                referrerPolicy="no-referrer"
                srcDoc={framedHTML(mail.html)}
                className="h-96 w-full rounded-md border border-slate-300 bg-white"
              />
            </section>
          )}
        </>
      )}
    </div>
  );
}

function MailList() {
  const [params, setParams] = useSearchParams();
  const status = statusOf(params.get('status'));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data: list, error: loadError, reload } = useAdminData('/mail', { status, page: page > 1 ? page : undefined });
  const [actionError, setActionError] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState('');

  const retry = async (m: OutboxRow) => {
    setBusy(m.id);
    setActionError('');
    setNotice('');
    try {
      await adminSend('POST', adminPath('/mail/{id}/retry', { id: m.id }));
      setNotice(`The e-mail “${m.subject}” to ${m.to} will be sent again now.`);
      reload();
    } catch (e) {
      setActionError(errorText(e));
    } finally {
      setBusy('');
    }
  };

  const current = list && list.status === status && list.page === page ? list : null;
  const counts = list?.counts;
  const pages = current ? Math.max(1, Math.ceil(current.total / current.pageSize)) : 1;
  const query = (p: number) => `?${new URLSearchParams({ ...(status ? { status } : {}), page: String(p) })}`;

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold text-slate-900">Mail</h1>
      {counts && (
        <p className="text-sm">
          {counts.queued} queued, {counts.sending} sending, {counts.sent} sent, {counts.failed} failed.
        </p>
      )}
      <div className="flex flex-col gap-1">
        <label htmlFor="mail-status" className="text-sm font-medium">
          Status
        </label>
        <select
          id="mail-status"
          className="w-48 rounded-md border border-slate-400 px-3 py-2 text-sm"
          value={status}
          onChange={(e) => setParams(e.target.value ? { status: e.target.value } : {})}
        >
          {STATUSES.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
      </div>
      {notice && <p role="status">{notice}</p>}
      {actionError && <ErrorText>{actionError}</ErrorText>}
      <ListStates
        rows={current?.messages ?? null}
        error={loadError}
        failed={<ErrorText>Could not load the outbox. {loadError}</ErrorText>}
        loading={<p role="status">Loading the outbox…</p>}
        empty={<p>No e-mails here.</p>}
      >
        {(messages) => (
          <AdminTable
            columns={['To', 'Subject', 'Status', 'Attempts', 'Last error', 'Next attempt', 'Created', 'Actions']}
            headerClassName="py-2 pr-3 whitespace-nowrap"
          >
            {messages.map((m) => (
              <tr key={m.id} className="border-t border-slate-200 align-top">
                <td className="py-2 pr-3 break-all">{m.to}</td>
                <td className="py-2 pr-3">{m.subject}</td>
                <td className="py-2 pr-3">
                  {statusWord(m.status)}
                  {m.status === 'sent' && m.sentAt ? ` ${formatWhen(m.sentAt)}` : ''}
                </td>
                <td className="py-2 pr-3">{m.attempts}</td>
                <td className="py-2 pr-3 break-words">{m.lastError || '—'}</td>
                <td className="py-2 pr-3 whitespace-nowrap">{m.status === 'queued' ? formatWhen(m.nextAttemptAt) : '—'}</td>
                <td className="py-2 pr-3 whitespace-nowrap">{formatWhen(m.createdAt)}</td>
                <td className="py-2 pr-3">
                  <div className="flex flex-wrap gap-2">
                    <Link to={m.id} className={secondary} aria-label={`Open e-mail to ${m.to}: ${m.subject}`}>
                      Open
                    </Link>
                    {retryable(m.status) && (
                      <button
                        type="button"
                        className={secondary}
                        disabled={busy !== ''}
                        aria-label={`Retry e-mail to ${m.to}: ${m.subject}`}
                        onClick={() => retry(m)}
                      >
                        Retry
                      </button>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </ListStates>
      {current && pages > 1 && <PageLinks page={page} pages={pages} to={query} />}
    </div>
  );
}
