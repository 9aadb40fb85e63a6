import { Link } from '../../lib/router';
import copy from '../../../../content/apply.json';
import { useSettings } from '../../lib/settings';
import { fill } from '../../lib/text';

const t = copy.notice;

/** What happens to the applicant's data, in plain words, before they agree to it. */
export function DataNotice() {
  const { retentionDays } = useSettings();
  return (
    <div id="apply-data-notice" className="rounded-xl bg-slate-50 p-4 text-slate-700 sm:p-5">
      <h3 className="font-semibold text-slate-900">{t.title}</h3>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        <li>{t.use}</li>
        <li>{t.who}</li>
        <li>{t.id}</li>
        <li>{fill(t.retention, { days: retentionDays })}</li>
      </ul>
      <p className="mt-3">
        <Link to="/privacy" className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900">
          {t.privacy}
        </Link>{' '}
        {t.privacyRest}
      </p>
    </div>
  );
}
