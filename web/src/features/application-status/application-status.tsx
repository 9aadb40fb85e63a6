import { useEffect, useRef, useState } from 'react';
import type { ApplicantStatus } from '../../gen/wire';
import { Spinner } from '../../components/spinner';
import { ApiRequestError } from '../../lib/api-client';
import { fill } from '../../lib/text';
import { ConfirmDialog } from './confirm-dialog';
import { copy } from './copy';
import { LostLinkForm } from './lost-link-form';
import {
  downloadData,
  eraseApplication,
  formatApplied,
  saveFile,
  tokenFromHash,
  viewStatus,
  withdrawApplication,
} from './status-api';

/** What the page shows. */
export type View =
  | { kind: 'starting' } // before the script has read the link (also the server's render)
  | { kind: 'no-link' }
  | { kind: 'loading' }
  | { kind: 'shown'; status: ApplicantStatus }
  | { kind: 'dead'; message: string }
  | { kind: 'erased'; reference: string }
  | { kind: 'failed'; message: string };

/** The message of a failed call, in words the applicant can act on. */
export function failure(err: unknown): string {
  return err instanceof ApiRequestError ? err.message : copy.failed;
}

/** The view after the status call failed: a dead link, or a failure to try again. */
export function failedView(err: unknown): View {
  if (err instanceof ApiRequestError && err.status === 404) return { kind: 'dead', message: err.message };
  return { kind: 'failed', message: failure(err) };
}

const box = 'rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8';
const action =
  'inline-flex items-center justify-center gap-2 rounded-lg px-5 py-2.5 font-semibold shadow-sm disabled:cursor-wait disabled:opacity-60';

type Pending = 'withdraw' | 'erase' | null;

/** The status page's body: reads the link's token and shows the application, or the lost-link form. */
export function ApplicationStatusView() {
  const [view, setView] = useState<View>({ kind: 'starting' });
  const [token, setToken] = useState<string | null>(null);

  useEffect(() => {
    // The link is read when the page opens and whenever another one is opened in its place.
    let current = 0;
    const load = () => {
      const call = ++current;
      const t = tokenFromHash(window.location.hash);
      setToken(t);
      if (!t) {
        setView({ kind: 'no-link' });
        return;
      }
      setView({ kind: 'loading' });
      viewStatus(t).then(
        (status) => call === current && setView({ kind: 'shown', status }),
        (err: unknown) => call === current && setView(failedView(err)),
      );
    };
    load();
    window.addEventListener('hashchange', load);
    return () => {
      current = -1;
      window.removeEventListener('hashchange', load);
    };
  }, []);

  switch (view.kind) {
    case 'starting':
    case 'loading':
      return (
        <p role="status" className="flex items-center gap-3 text-slate-700">
          {view.kind === 'loading' && <Spinner />}
          {view.kind === 'loading' ? copy.loading : ''}
        </p>
      );
    case 'no-link':
      return <LostLinkForm />;
    case 'dead':
      return (
        <div className="space-y-8">
          <div role="alert" className={box}>
            <h2 className="text-2xl font-bold text-slate-900">{copy.deadLinkTitle}</h2>
            <p className="mt-2 text-slate-700">{view.message}</p>
          </div>
          <LostLinkForm />
        </div>
      );
    case 'failed':
      return (
        <p role="alert" className="font-medium text-red-700">
          {view.message}
        </p>
      );
    case 'erased':
      return <Erased reference={view.reference} />;
    case 'shown':
      return <StatusDetails token={token ?? ''} status={view.status} onChange={setView} />;
  }
}

/** The end: the application is gone. Focus moves here, as the button that erased it has gone too. */
function Erased({ reference }: { reference: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div role="status" className={box}>
      <h2 ref={heading} tabIndex={-1} className="text-2xl font-bold text-slate-900 outline-none">
        {copy.erasedTitle}
      </h2>
      <p className="mt-2 text-slate-700">{fill(copy.erased, { reference })}</p>
    </div>
  );
}

function StatusDetails({ token, status, onChange }: { token: string; status: ApplicantStatus; onChange(v: View): void }) {
  const [pending, setPending] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);
  const [dialogError, setDialogError] = useState('');
  const [downloading, setDownloading] = useState(false);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState('');

  const close = () => {
    setPending(null);
    setDialogError('');
  };

  async function confirm() {
    setBusy(true);
    setDialogError('');
    try {
      if (pending === 'withdraw') {
        const next = await withdrawApplication(token);
        close();
        setNote(copy.withdrawn);
        onChange({ kind: 'shown', status: next });
      } else if (pending === 'erase') {
        const erased = await eraseApplication(token);
        close();
        onChange({ kind: 'erased', reference: erased.reference });
      }
    } catch (err) {
      setDialogError(failure(err));
    } finally {
      setBusy(false);
    }
  }

  async function download() {
    setDownloading(true);
    setProblem('');
    try {
      const { name, blob } = await downloadData(token);
      saveFile(name, blob);
    } catch (err) {
      setProblem(failure(err));
    } finally {
      setDownloading(false);
    }
  }

  const rows: [string, string][] = [
    [copy.details.job, status.jobTitle],
    [copy.details.reference, status.reference],
    [copy.details.applied, formatApplied(status.appliedAt)],
    [copy.details.stage, status.stageLabel],
  ];

  return (
    <div className="space-y-8">
      <section aria-labelledby="status-details-title" className={box}>
        <h2 id="status-details-title" className="text-2xl font-bold tracking-tight text-slate-900">
          {status.jobTitle || status.reference}
        </h2>
        <dl className="mt-5 grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
          {rows.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="font-medium text-slate-600">{term}</dt>
              <dd className={`text-slate-900 ${term === copy.details.reference ? 'font-mono break-keep whitespace-nowrap' : ''}`} data-stage={term === copy.details.stage ? status.stage : undefined}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
        <h3 className="mt-6 text-lg font-semibold text-slate-900">{copy.nextHeading}</h3>
        <p className="mt-1 text-slate-700">{status.nextSteps}</p>
        <p role="status" className="mt-3 font-semibold text-green-800">
          {note}
        </p>
      </section>

      <section aria-labelledby="status-actions-title" className={box}>
        <h2 id="status-actions-title" className="text-2xl font-bold tracking-tight text-slate-900">
          {copy.actionsHeading}
        </h2>
        <ul className="mt-5 space-y-6">
          {status.canWithdraw && (
            <li>
              <button type="button" onClick={() => setPending('withdraw')} className={`${action} border border-slate-400 bg-white text-slate-900 hover:bg-slate-50`}>
                {copy.withdraw}
              </button>
              <p className="mt-1.5 text-sm text-slate-600">{copy.withdrawHint}</p>
            </li>
          )}
          <li>
            <button type="button" onClick={download} disabled={downloading} className={`${action} bg-brand-700 text-white hover:bg-brand-800`}>
              {downloading && <Spinner />}
              {downloading ? copy.downloading : copy.download}
            </button>
            <p className="mt-1.5 text-sm text-slate-600">{copy.downloadHint}</p>
          </li>
          <li>
            <button type="button" onClick={() => setPending('erase')} className={`${action} bg-red-700 text-white hover:bg-red-800`}>
              {copy.erase}
            </button>
            <p className="mt-1.5 text-sm text-slate-600">{copy.eraseHint}</p>
          </li>
        </ul>
        <p role="alert" className="mt-4 font-medium text-red-700">
          {problem}
        </p>
      </section>

      <ConfirmDialog
        open={pending === 'withdraw'}
        title={copy.withdrawDialog.title}
        text={fill(copy.withdrawDialog.text, { job: status.jobTitle || status.reference })}
        confirmLabel={copy.withdrawDialog.confirm}
        cancelLabel={copy.cancel}
        busy={busy}
        error={pending === 'withdraw' ? dialogError : ''}
        onConfirm={confirm}
        onCancel={close}
      />
      <ConfirmDialog
        open={pending === 'erase'}
        title={copy.eraseDialog.title}
        text={fill(copy.eraseDialog.text, { reference: status.reference })}
        confirmLabel={copy.eraseDialog.confirm}
        cancelLabel={copy.cancel}
        busy={busy}
        error={pending === 'erase' ? dialogError : ''}
        onConfirm={confirm}
        onCancel={close}
      />
    </div>
  );
}
