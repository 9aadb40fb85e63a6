// The member's own account: who they are, their role, and two-step
// sign-in (which any member may turn on; admins always have it).
import { Link, Route, Routes, useNavigate } from 'react-router';
import { useStaff } from '../staff-context';
import { roleLabel } from '../app/roles';
import { TwoStepSetup } from '../totp/two-step-setup';
import { heading1, heading2 } from '../ui/styles';

interface Props {
  /** Reloads the signed-in member (after two-step sign-in was turned on). */
  onChanged: () => void;
}

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
    </Routes>
  );
}

function AccountOverview() {
  const me = useStaff();
  return (
    <div className="max-w-xl space-y-6">
      <h1 className={heading1}>Your account</h1>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        <dt className="font-medium text-slate-700">Name</dt>
        <dd>{me.name}</dd>
        <dt className="font-medium text-slate-700">E-mail</dt>
        <dd className="break-all">{me.email}</dd>
        <dt className="font-medium text-slate-700">Role</dt>
        <dd>{roleLabel(me.role)}</dd>
      </dl>
      <section className="space-y-2" aria-labelledby="account-two-step">
        <h2 id="account-two-step" className={heading2}>
          Two-step sign-in
        </h2>
        {me.totpEnabled ? (
          <p className="text-sm text-slate-700">On: you sign in with a code from your authenticator app.</p>
        ) : (
          <>
            <p className="text-sm text-slate-700">Off: your password alone signs you in.</p>
            <Link
              to="two-step"
              className="inline-block rounded-md bg-blue-700 px-3 py-2 text-sm font-medium text-white hover:bg-blue-800"
            >
              Set up two-step sign-in
            </Link>
          </>
        )}
      </section>
    </div>
  );
}
