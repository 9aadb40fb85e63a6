// The member's own account: who they are and their role; their public
// profile (shown as the author of their posts); their password;
// two-step sign-in (which any member may turn on; admins always have it),
// moving it to another authenticator and new recovery codes; and their
// sessions, any of which they can end.
import { useState } from 'react';
import { Link, Route, Routes, useLocation, useNavigate } from 'react-router';
import { useStaff } from '../staff-context';
import { roleLabel } from '../app/roles';
import { RecoveryCodesScreen } from '../totp/recovery-codes';
import { TwoStepSetup } from '../totp/two-step-setup';
import { heading1, heading2 } from '../ui/styles';
import { ChangeAuthenticator } from './change-authenticator';
import { PasswordForm } from './password-form';
import { ProfileForm } from './profile-form';
import { RecoveryForm } from './recovery-form';
import { SessionsList } from './sessions-list';

interface Props {
  /** Reloads the signed-in member (after two-step sign-in was turned on). */
  onChanged: () => void;
}

const NEW_CODES = 'These are your new recovery codes. Your old ones no longer work.';
const linkButton = 'inline-block rounded-md bg-blue-700 px-3 py-2 text-sm font-medium text-white hover:bg-blue-800';

export function AccountScreen({ onChanged }: Props) {
  const navigate = useNavigate();
  return (
    <Routes>
      <Route index element={<AccountOverview />} />
      <Route
        path="two-step"
        element={
          <TwoStepSetup
            onDone={() => {
              onChanged();
              navigate('/account');
            }}
            onCancel={() => navigate('/account')}
          />
        }
      />
      <Route
        path="authenticator"
        element={<ChangeAuthenticator onDone={() => navigate('/account', { state: { replaced: true } })} onCancel={() => navigate('/account')} />}
      />
    </Routes>
  );
}

function AccountOverview() {
  const me = useStaff();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [sessionsVersion, setSessionsVersion] = useState(0);
  const replaced = (useLocation().state as { replaced?: boolean } | null)?.replaced === true;

  if (codes) return <RecoveryCodesScreen codes={codes} intro={NEW_CODES} onContinue={() => setCodes(null)} />;

  return (
    <div className="max-w-xl space-y-8">
      <h1 className={heading1}>Your account</h1>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        <dt className="font-medium text-slate-700">Name</dt>
        <dd>{me.name}</dd>
        <dt className="font-medium text-slate-700">E-mail</dt>
        <dd className="break-all">{me.email}</dd>
        <dt className="font-medium text-slate-700">Role</dt>
        <dd>{roleLabel(me.role)}</dd>
      </dl>
      <ProfileForm />
      <PasswordForm email={me.email} onChanged={() => setSessionsVersion((n) => n + 1)} />
      <section className="space-y-2" aria-labelledby="account-two-step">
        <h2 id="account-two-step" className={heading2}>
          Two-step sign-in
        </h2>
        {me.totpEnabled ? (
          <>
            <p className="text-sm text-slate-700">On: you sign in with a code from your authenticator app.</p>
            {replaced && (
              <p role="status" className="text-sm text-green-800">
                Your new authenticator is in use. The old one no longer works.
              </p>
            )}
            <Link to="authenticator" className={linkButton}>
              Change authenticator
            </Link>
          </>
        ) : (
          <>
            <p className="text-sm text-slate-700">Off: your password alone signs you in.</p>
            <Link to="two-step" className={linkButton}>
              Set up two-step sign-in
            </Link>
          </>
        )}
      </section>
      {me.totpEnabled && <RecoveryForm onCodes={setCodes} />}
      <SessionsList key={sessionsVersion} />
    </div>
  );
}
