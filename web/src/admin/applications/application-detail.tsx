// One application with every field, grouped like the application form:
// the national ID masked until revealed (which the audit log records),
// documents as downloads, the pipeline status, notes and erasing.
import { useContext, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ApiRequestError } from '../../lib/api-client';
import type { ApplicationDetail as Detail, ApplicationNote, RevealedID } from '../../gen/wire';
import { adminGet, adminPath, adminSend, adminURL } from '../api';
import { EraseDialog } from './erase-dialog';
import { formatDay, formatWhen } from '../ui/format';
import { sourceLabel, statusLabel, yesNo } from './labels';
import { folderLabel, spamSummary, verdictNotice } from './spam-folder';
import { StaffContext } from '../staff-context';
import { Timeline } from './timeline';
import { PreviewButton } from './document-preview';
import { mailStageFor, notifyByDefault } from '../emails/candidate-mail';
import { useAdminData } from '../ui/use-admin-data';

const primary =
  'rounded-md bg-blue-700 px-3 py-2 text-sm font-medium text-white hover:bg-blue-800 disabled:opacity-50';
const secondary =
  'rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-50';
const danger = 'rounded-md bg-red-700 px-3 py-2 text-sm font-medium text-white hover:bg-red-800 disabled:opacity-50';
const input = 'rounded-md border border-slate-400 px-3 py-2 text-sm';

function message(e: unknown, fallback: string): string {
  return e instanceof ApiRequestError ? e.message : fallback;
}

type Load = { state: 'loading' } | { state: 'error'; message: string } | { state: 'done'; data: Detail };

export function ApplicationDetail() {
  const { id = '' } = useParams();
  const location = useLocation();
  const listSearch = (location.state as { listSearch?: string } | null)?.listSearch ?? '';
  const back = `..${listSearch ? `?${listSearch}` : ''}`;
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  useEffect(() => {
    let live = true;
    setLoad({ state: 'loading' });
    adminGet(adminPath('/applications/{id}', { id }))
      .then((data) => live && setLoad({ state: 'done', data }))
      .catch((e: unknown) => live && setLoad({ state: 'error', message: message(e, 'Could not load the application.') }));
    return () => {
      live = false;
    };
  }, [id]);

  const backLink = (
    <Link to={back} relative="path" className="text-sm text-blue-800 underline">
      Back to applications
    </Link>
  );
  if (load.state === 'loading') {
    return (
      <div className="space-y-4">
        {backLink}
        <p role="status">Loading the application…</p>
      </div>
    );
  }
  if (load.state === 'error') {
    return (
      <div className="space-y-4">
        {backLink}
        <h1 className="text-2xl font-semibold text-slate-900">Application</h1>
        <p role="alert" className="text-red-700">
          {load.message}
        </p>
      </div>
    );
  }
  return (
    <Loaded
      key={load.data.id}
      initial={load.data}
      backLink={backLink}
      back={back}
    />
  );
}

function Loaded({ initial, backLink, back }: { initial: Detail; backLink: ReactNode; back: string }) {
  const [d, setD] = useState(initial);
  // Admins may read the audit log (the screen is also a recruiter's).
  const me = useContext(StaffContext);
  return (
    <div className="space-y-8">
      {backLink}
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">
          Application {d.reference}
        </h1>
        <p className="text-slate-700">
          {d.fullName} for {d.jobTitle || 'a deleted job'}
        </p>
        {me?.role === 'admin' && (
          <p className="mt-1 text-sm">
            <Link className="text-blue-700 underline" to={`/audit?subject=${encodeURIComponent(d.reference)}`}>
              Audit log of this application
            </Link>
          </p>
        )}
      </div>

      <Section title="Application">
        <Fields
          rows={[
            ['Reference', d.reference],
            ['Job', d.jobTitle || 'Deleted job'],
            ['Status', `${statusLabel(d.status)} since ${formatWhen(d.statusChangedAt)}`],
            ...(d.withdrawnAt ? [['Withdrawn', `By the applicant, ${formatWhen(d.withdrawnAt)}`] as [string, string]] : []),
            ['Applied', formatWhen(d.appliedAt)],
            ['Source', sourceLabel(d.source)],
            ['Last updated by the applicant', formatWhen(d.updatedAt)],
            ['Folder', folderLabel(d.spam ? 'spam' : 'applications')],
          ]}
        />
      </Section>

      {/* The history and the notes come first: a recruiter's view. */}
      <Timeline id={d.id} version={d} />

      <Notes detail={d} onAdded={(n) => setD({ ...d, notes: [...d.notes, n] })} />

      <SpamReview detail={d} onChange={setD} />

      <StatusForm detail={d} onChange={setD} />

      <Section title="Personal details">
        <Fields
          rows={[
            ['First name', d.firstName],
            ['Middle name', d.middleName],
            ['Last name', d.lastName],
            ['Full name', d.fullName],
            ['E-mail', d.email],
            ['Phone', d.phone],
            ['Address', d.address],
            ['LinkedIn', d.linkedin],
            ['Website', d.website],
          ]}
        />
      </Section>

      <Section title="Preferences">
        <Fields
          rows={[
            ['Location preference', d.locationPreference],
            ['Available from', formatDay(d.availabilityDate)],
            ['Eligible to work', yesNo(d.eligibleToWork)],
            ['Willing to relocate', yesNo(d.willingToRelocate)],
            ['How they heard about us', d.heardFrom],
          ]}
        />
      </Section>

      <Section title="Work experience">
        {d.workExperiences.length === 0 ? (
          <p>None given.</p>
        ) : (
          <ol className="space-y-4">
            {d.workExperiences.map((w, i) => (
              <li key={i} className="border-t border-slate-200 pt-3">
                <h3 className="font-medium">
                  {w.jobTitle} at {w.companyName}
                </h3>
                <p className="text-sm text-slate-700">
                  {formatDay(w.startDate)} to {w.endDate ? formatDay(w.endDate) : 'now'}
                </p>
                <p className="whitespace-pre-wrap">{w.responsibilities}</p>
              </li>
            ))}
          </ol>
        )}
      </Section>

      <Section title="Education">
        {d.educations.length === 0 ? (
          <p>None given.</p>
        ) : (
          <ol className="space-y-4">
            {d.educations.map((e, i) => (
              <li key={i} className="border-t border-slate-200 pt-3">
                <h3 className="font-medium">
                  {e.level}: {e.institution}
                </h3>
                <Fields
                  rows={[
                    ['Board name', e.boardName],
                    ['Degree', e.degree],
                    ['Field of study', e.fieldOfStudy],
                    ['Location', e.location],
                    ['Graduation date', formatDay(e.graduationDate)],
                    [e.scoreType === 'cgpa' ? 'CGPA' : 'Percentage', e.score],
                  ]}
                />
              </li>
            ))}
          </ol>
        )}
      </Section>

      <Section title="Skills">
        {d.skills.length === 0 ? <p>None given.</p> : <p>{d.skills.join(', ')}</p>}
      </Section>

      <Section title="Certifications">
        {d.certifications.length === 0 ? (
          <p>None given.</p>
        ) : (
          <ul className="list-disc pl-5">
            {d.certifications.map((c, i) => (
              <li key={i}>
                {c.name}
                {c.document ? ' (document below)' : ' (no document)'}
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title="Cover letter">
        <p className="whitespace-pre-wrap">{d.coverLetter || 'None given.'}</p>
      </Section>

      <Section title="Voluntary information">
        {d.voluntary ? (
          <Fields
            rows={[
              ['Gender', d.voluntary.gender || 'Prefer not to say'],
              ['Disability status', d.voluntary.disabilityStatus || 'Prefer not to say'],
            ]}
          />
        ) : (
          <p>Gender and disability answers are shown to admins only, so that they play no part in reviewing.</p>
        )}
      </Section>

      <NationalID detail={d} />

      <Section title="Documents">
        {d.documents.length === 0 ? (
          <p>No documents.</p>
        ) : (
          <ul className="space-y-2">
            {d.documents.map((doc) => (
              <li key={doc.id} className="flex flex-wrap items-center gap-3">
                <span>
                  {doc.label} <span className="text-sm text-slate-700">({doc.fileName})</span>
                </span>
                <a className={secondary} href={adminURL(adminPath('/applications/{id}/documents/{doc}', { id: d.id, doc: doc.id }))} download={doc.fileName}>
                  Download<span className="sr-only"> {doc.label}</span>
                </a>
                <PreviewButton
                  url={adminURL(adminPath('/applications/{id}/documents/{doc}', { id: d.id, doc: doc.id }))}
                  label={doc.label}
                  contentType={doc.contentType}
                />
              </li>
            ))}
          </ul>
        )}
        <p className="text-sm text-slate-700">Every download and preview is recorded in the audit log.</p>
      </Section>

      <Section title="Consent">
        <Fields
          rows={[
            ['Notice version agreed to', d.consentVersion],
            // An application imported from the original site, which asked
            // for no consent, has none (its zero time).
            ['Agreed at', d.consentAt.startsWith('0001-') ? 'Not asked' : formatWhen(d.consentAt)],
          ]}
        />
      </Section>

      <Erase detail={d} back={back} />
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-3">
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

/** Label/value pairs; empty values say so instead of disappearing. */
function Fields({ rows }: { rows: [string, string][] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-1 sm:grid-cols-[max-content_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-slate-700">{label}</dt>
          <dd className="mb-2 whitespace-pre-wrap break-words sm:mb-0">{value || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

function StatusForm({ detail, onChange }: { detail: Detail; onChange: (d: Detail) => void }) {
  const [status, setStatus] = useState(detail.status);
  const [notify, setNotify] = useState(notifyByDefault(detail.status));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const { data: emails } = useAdminData('/candidate-emails');
  const stage = mailStageFor(status);
  const subject = emails?.templates?.find((t) => t.stage === stage)?.subject;
  // Suspected spam is never mailed (the server agrees).
  const mailable = stage !== '' && !detail.spam;
  const choose = (s: string) => {
    setStatus(s);
    setNotify(notifyByDefault(s));
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError('');
    setDone('');
    try {
      const mailed = mailable && notify;
      const d = await adminSend('PATCH', adminPath('/applications/{id}/status', { id: detail.id }), { status, notify: mailed });
      onChange(d);
      setDone(`Status updated to ${statusLabel(d.status)}.${mailed ? ' The candidate will be e-mailed.' : ''}`);
    } catch (err) {
      setError(message(err, 'Could not update the status.'));
    } finally {
      setBusy(false);
    }
  };
  if (detail.withdrawnAt) {
    // The server refuses the move too (careers.MayMove).
    return (
      <Section title="Pipeline">
        <p>
          Status: {statusLabel(detail.status)}. Withdrawn by the applicant, so its status can no longer be changed.
        </p>
      </Section>
    );
  }
  return (
    <Section title="Pipeline">
      <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-sm">
          Status
          <select className={input} value={status} onChange={(e) => choose(e.target.value)}>
            {detail.statuses.map((s) => (
              <option key={s} value={s}>
                {statusLabel(s)}
              </option>
            ))}
          </select>
        </label>
        {mailable && status !== detail.status && (
          <div className="flex flex-col gap-1 text-sm">
            <label className="flex items-center gap-2">
              <input type="checkbox" checked={notify} onChange={(e) => setNotify(e.target.checked)} />
              Notify the candidate
            </label>
            {subject && <span className="text-slate-700">E-mail: “{subject}”</span>}
          </div>
        )}
        <button type="submit" className={primary} disabled={busy || status === detail.status}>
          Update status
        </button>
      </form>
      {error && (
        <p role="alert" className="text-red-700">
          {error}
        </p>
      )}
      {done && <p role="status">{done}</p>}
    </Section>
  );
}

/** Where the application stands with regard to spam, why it was suspected, and the "Not spam" and "Spam" verdicts. */
function SpamReview({ detail, onChange }: { detail: Detail; onChange: (d: Detail) => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const verdict = async (spam: boolean) => {
    setBusy(true);
    setError('');
    setDone('');
    try {
      const path = spam ? '/applications/{id}/spam' : '/applications/{id}/not-spam';
      const d = await adminSend('POST', adminPath(path, { id: detail.id }));
      setDone(verdictNotice(detail, d));
      onChange(d);
    } catch (err) {
      setError(message(err, 'Could not record the verdict.'));
    } finally {
      setBusy(false);
    }
  };
  const confirmed = detail.spam && detail.spamReview === 'spam';
  return (
    <Section title="Spam check">
      <p>{spamSummary(detail)}</p>
      {detail.spamReasons && <p className="text-sm text-slate-700">Suspected on arrival because: {detail.spamReasons}.</p>}
      <div className="flex flex-wrap gap-3">
        {detail.spam && (
          <button type="button" className={primary} disabled={busy} onClick={() => verdict(false)}>
            Not spam
          </button>
        )}
        {!confirmed && (
          <button type="button" className={secondary} disabled={busy} onClick={() => verdict(true)}>
            Spam
          </button>
        )}
      </div>
      {error && (
        <p role="alert" className="text-red-700">
          {error}
        </p>
      )}
      {done && <p role="status">{done}</p>}
    </Section>
  );
}

function NationalID({ detail }: { detail: Detail }) {
  const [revealed, setRevealed] = useState<RevealedID | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const reveal = async () => {
    setBusy(true);
    setError('');
    try {
      setRevealed(await adminSend('POST', adminPath('/applications/{id}/reveal-id', { id: detail.id })));
    } catch (err) {
      setError(message(err, 'Could not reveal the national ID.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Section title="National ID">
      <Fields rows={[['ID type', detail.nationalIdType]]} />
      {detail.nationalIdMasked ? (
        <>
          <p>
            National ID: <span className="font-mono">{revealed ? revealed.number : detail.nationalIdMasked}</span>
          </p>
          {revealed ? (
            <p role="status" className="text-sm text-slate-700">
              The number is shown to you alone, and this was recorded in the audit log.
            </p>
          ) : (
            <button type="button" className={secondary} onClick={reveal} disabled={busy}>
              Reveal national ID
            </button>
          )}
        </>
      ) : (
        <p>No national ID number is stored.</p>
      )}
      {error && (
        <p role="alert" className="text-red-700">
          {error}
        </p>
      )}
    </Section>
  );
}

function Notes({ detail, onAdded }: { detail: Detail; onAdded: (n: ApplicationNote) => void }) {
  const [body, setBody] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError('');
    try {
      const n = await adminSend('POST', adminPath('/applications/{id}/notes', { id: detail.id }), { body });
      onAdded(n);
      setBody('');
    } catch (err) {
      const fields = err instanceof ApiRequestError ? err.fields : {};
      setError(fields.body ?? message(err, 'Could not add the note.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Section title="Notes">
      {detail.notes.length === 0 ? (
        <p>No notes yet.</p>
      ) : (
        <ol className="space-y-3">
          {detail.notes.map((n) => (
            <li key={n.id} className="border-t border-slate-200 pt-2">
              <p className="text-sm text-slate-700">
                {n.authorName}, {formatWhen(n.createdAt)}
              </p>
              <p className="whitespace-pre-wrap">{n.body}</p>
            </li>
          ))}
        </ol>
      )}
      <form onSubmit={submit} className="space-y-2">
        <label className="flex flex-col gap-1 text-sm">
          Note
          <textarea
            className={`${input} min-h-24`}
            value={body}
            maxLength={5000}
            onChange={(e) => setBody(e.target.value)}
            aria-invalid={error ? true : undefined}
          />
        </label>
        <p className="text-sm text-slate-700">Notes are internal: applicants never see them.</p>
        {error && (
          <p role="alert" className="text-red-700">
            {error}
          </p>
        )}
        <button type="submit" className={primary} disabled={busy}>
          Add note
        </button>
      </form>
    </Section>
  );
}

function Erase({ detail, back }: { detail: Detail; back: string }) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();
  return (
    <Section title="Erase">
      <p>Erasing deletes the application, its notes and every document it holds. It cannot be undone.</p>
      <button ref={opener} type="button" className={danger} onClick={() => setOpen(true)}>
        Erase application
      </button>
      {open && (
        <EraseDialog
          reference={detail.reference}
          onCancel={() => {
            setOpen(false);
            opener.current?.focus();
          }}
          onErase={async () => {
            const res = await adminSend('DELETE', adminPath('/applications/{id}', { id: detail.id }));
            const notice = res.filesDeleted
              ? `Application ${res.reference} and its documents were erased.`
              : `Application ${res.reference} was erased; some of its documents could not be deleted yet and will be removed automatically.`;
            navigate(back, { relative: 'path', replace: true, state: { notice } });
          }}
        />
      )}
    </Section>
  );
}
