// The shell's own small pages: a screen the member's role may not open,
// and an address that is no screen at all.
import { Link } from 'react-router';
import { heading1 } from '../ui/styles';

export function NoAccess() {
  return (
    <div className="space-y-4">
      <h1 className={heading1}>You don&apos;t have access to this screen.</h1>
      <p className="text-sm text-slate-700">Your role does not include it. Ask an administrator if you need it.</p>
      <p>
        <Link to="/" className="text-sm font-medium text-blue-700 underline">
          Go to the dashboard
        </Link>
      </p>
    </div>
  );
}

export function NotFound() {
  return (
    <div className="space-y-4">
      <h1 className={heading1}>Page not found</h1>
      <p className="text-sm text-slate-700">There is no console screen at this address.</p>
      <p>
        <Link to="/" className="text-sm font-medium text-blue-700 underline">
          Go to the dashboard
        </Link>
      </p>
    </div>
  );
}
