import { useEffect, useState } from 'react';
import { Spinner } from '../../components/spinner';
import { ApiRequestError } from '../../lib/api-client';
import type { JobAlertView } from '../../gen/wire';
import { alertAction, formatDate, setFrequency, tokenFromSearch, type AlertAction } from './alert-api';

const primary =
  'inline-flex items-center justify-center rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-800 disabled:cursor-wait disabled:bg-slate-600';
const secondary =
  'inline-flex items-center justify-center rounded-lg bg-white px-5 py-2.5 font-semibold text-slate-900 ring-1 ring-slate-400 hover:bg-slate-50 disabled:cursor-wait';

type State = { kind: 'loading' } | { kind: 'gone'; message: string } | { kind: 'ended'; message: string } | { kind: 'alert'; alert: JobAlertView };

/**
 * The alert of the link's token: confirm it (the link of the confirmation
 * e-mail), see its search and frequency, change how often, renew it or end
 * it. Opening the page changes nothing: confirming and renewing are
 * buttons (POSTs), so a mail scanner that follows the links confirms or
 * renews nothing. The digests' renew link (&renew=1) puts the renew
 * button first.
 */
export function JobAlertManager() {
  const [token, setToken] = useState<string | null>(null);
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState('');
  const [renewFirst, setRenewFirst] = useState(false);

  async function run(p: Promise<JobAlertView>, ended = false) {
    setBusy(true);
    setFailed('');
    try {
      const alert = await p;
      setState(ended ? { kind: 'ended', message: alert.message ?? '' } : { kind: 'alert', alert });
    } catch (err) {
      if (err instanceof ApiRequestError && err.status === 404) setState({ kind: 'gone', message: err.message });
      else setFailed(err instanceof ApiRequestError && err.fromServer ? err.message : 'That did not work. Check your connection and try again.');
    } finally {
      setBusy(false);
    }
  }

  useEffect(() => {
    const t = tokenFromSearch(window.location.search);
    setToken(t);
    if (!t) {
      setState({ kind: 'gone', message: 'This page needs the link from a job alert e-mail.' });
      return;
    }
    setRenewFirst(new URLSearchParams(window.location.search).get('renew') === '1');
    void run(alertAction('view', t));
  }, []);

  const act = (a: AlertAction) => {
    if (a === 'renew') setRenewFirst(false);
    if (token) void run(alertAction(a, token), a === 'unsubscribe');
  };

  if (state.kind === 'loading')
    return (
      <p role="status" className="flex items-center gap-3 rounded-2xl bg-white p-6 font-medium text-slate-900 ring-1 ring-slate-200">
        <Spinner />
        Loading your alert…
      </p>
    );
  if (state.kind === 'gone' || state.kind === 'ended')
    return (
      <div className="rounded-2xl bg-white p-6 ring-1 ring-slate-200" role="status">
        <p className="font-semibold text-slate-900">{state.message}</p>
        <p className="mt-4">
          <a href="/jobs" className="font-semibold text-brand-700 underline">
            Browse open positions
          </a>
        </p>
      </div>
    );
  const a = state.alert;
  return (
    <div className="space-y-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <p role="status" className="font-semibold text-green-800">
        {a.message}
      </p>
      <dl className="grid gap-3 sm:grid-cols-[10rem_1fr]">
        <dt className="font-medium text-slate-700">E-mail</dt>
        <dd className="text-slate-900">{a.email}</dd>
        <dt className="font-medium text-slate-700">Search</dt>
        <dd className="text-slate-900">
          <a href={a.searchPath} className="text-brand-700 underline">
            {a.filter}
          </a>
        </dd>
        <dt className="font-medium text-slate-700">How often</dt>
        <dd className="text-slate-900">{a.frequency === 'daily' ? 'Daily' : 'Weekly'}</dd>
        {a.confirmed && (
          <>
            <dt className="font-medium text-slate-700">Ends on</dt>
            <dd className="text-slate-900">{formatDate(a.expiresAt)}</dd>
          </>
        )}
      </dl>
      {!a.confirmed ? (
        <div>
          <p className="text-slate-700">Confirm that you want these e-mails. Nothing is sent until you do.</p>
          <button type="button" className={`${primary} mt-4`} disabled={busy} onClick={() => act('confirm')}>
            Confirm job alert
          </button>
        </div>
      ) : (
        <div className="space-y-6">
          {renewFirst && (
            <div className="rounded-xl bg-brand-50 p-5 ring-1 ring-brand-200">
              <p className="font-semibold text-slate-900">Keep getting this alert? Renew it to run for 12 more months.</p>
              <button type="button" className={`${primary} mt-4`} disabled={busy} onClick={() => act('renew')}>
                Renew for 12 months
              </button>
            </div>
          )}
          <div className="flex flex-wrap gap-3">
          <button
            type="button"
            className={secondary}
            disabled={busy}
            onClick={() => token && void run(setFrequency(token, a.frequency === 'daily' ? 'weekly' : 'daily'))}
          >
            {a.frequency === 'daily' ? 'Send weekly instead' : 'Send daily instead'}
          </button>
            {!renewFirst && (
              <button type="button" className={secondary} disabled={busy} onClick={() => act('renew')}>
                Renew for 12 months
              </button>
            )}
            <button type="button" className={renewFirst ? secondary : primary} disabled={busy} onClick={() => act('unsubscribe')}>
              End this alert
            </button>
          </div>
        </div>
      )}
      <p role="alert" className="font-semibold text-red-700">
        {failed}
      </p>
    </div>
  );
}
