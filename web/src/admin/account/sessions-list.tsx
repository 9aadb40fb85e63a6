// The member's own sessions: which browser, when it signed in and was last
// used, this one marked; end one, or every other one. Ending this one signs
// the member out here.
import { useState } from 'react';
import type { StaffSession } from '../../gen/wire';
import { SIGNED_OUT_EVENT } from '../api';
import { Alert, messageOf } from '../ui/alert';
import { formatWhen } from '../ui/format';
import { heading2, secondaryButton } from '../ui/styles';
import { useAdminData } from '../ui/use-admin-data';
import { endOtherSessions, endSession } from './account-api';

export function SessionsList() {
  const { data, error, loading, reload } = useAdminData('/account/sessions');
  const [failure, setFailure] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);

  async function run(what: () => Promise<string>) {
    setFailure(null);
    setStatus('');
    setBusy(true);
    try {
      setStatus(await what());
    } catch (e) {
      setFailure(messageOf(e));
    } finally {
      setBusy(false);
      reload();
    }
  }

  function end(s: StaffSession) {
    return run(async () => {
      const answer = await endSession(s.ref);
      if (answer.current) window.dispatchEvent(new Event(SIGNED_OUT_EVENT));
      return `Ended the session of ${s.device}.`;
    });
  }

  const others = (data ?? []).filter((s) => !s.current).length;
  return (
    <section className="space-y-3" aria-labelledby="account-sessions">
      <h2 id="account-sessions" className={heading2}>
        Your sessions
      </h2>
      <p className="text-sm text-slate-700">
        Where you are signed in. End a session you do not recognise: that browser is signed out at once.
      </p>
      {loading && !data && <p role="status">Loading…</p>}
      <Alert message={error || failure} />
      {data && (
        <ul className="divide-y divide-slate-200 rounded-md border border-slate-300 bg-white" aria-labelledby="account-sessions">
          {data.map((s) => (
            <li key={s.ref} className="flex flex-wrap items-center justify-between gap-3 p-3">
              <div className="min-w-0 text-sm">
                <p className="font-medium text-slate-900">
                  {s.device}
                  {s.current && <span className="ml-2 rounded bg-blue-100 px-2 py-0.5 text-xs font-semibold text-blue-900">This session</span>}
                </p>
                <p className="text-slate-700">Signed in {formatWhen(s.signedInAt)}</p>
                <p className="text-slate-700">Last seen {formatWhen(s.lastSeenAt)}</p>
              </div>
              <button
                type="button"
                className={secondaryButton}
                disabled={busy}
                aria-label={`${s.current ? 'Sign out here' : 'End session'}: ${s.device}, signed in ${formatWhen(s.signedInAt)}`}
                onClick={() => void end(s)}
              >
                {s.current ? 'Sign out here' : 'End session'}
              </button>
            </li>
          ))}
        </ul>
      )}
      <p role="status" className="text-sm text-slate-700">
        {status}
      </p>
      {others > 0 && (
        <button
          type="button"
          className={secondaryButton}
          disabled={busy}
          onClick={() =>
            void run(async () => {
              const answer = await endOtherSessions();
              return answer.ended === 1 ? 'Ended 1 other session.' : `Ended ${answer.ended} other sessions.`;
            })
          }
        >
          End all other sessions
        </button>
      )}
    </section>
  );
}
