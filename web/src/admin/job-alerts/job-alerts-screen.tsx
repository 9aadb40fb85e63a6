// Job alerts (recruiters and admins): how many confirmed alerts each
// search has, daily and weekly, never an address. Admins may export the
// addresses as CSV, which the server records in the audit log first.
import { useState, type MouseEvent } from 'react';
import { adminFile, adminURL, saveFile } from '../api';
import { useStaff } from '../staff-context';
import { AdminTable } from '../ui/admin-table';
import { ErrorText, failureText } from '../ui/alert';
import { ListStates } from '../ui/list-states';
import { heading1, secondaryButton } from '../ui/styles';
import { useAdminData } from '../ui/use-admin-data';

export default function JobAlertsScreen() {
  const me = useStaff();
  const { data, error } = useAdminData('/job-alerts');
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState('');

  // Fetched first, then saved: a refusal is shown here, not saved as the file.
  const onExport = async (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    if (exporting) return;
    setExporting(true);
    setExportError('');
    try {
      saveFile(await adminFile('/job-alerts/export.csv', {}, 'job-alerts.csv'));
    } catch (err) {
      setExportError(failureText(err));
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className={heading1}>Job alerts</h1>
        {me.role === 'admin' && (
          <a className={secondaryButton} href={adminURL('/job-alerts/export.csv')} download onClick={onExport} aria-busy={exporting || undefined}>
            Export addresses (CSV)
          </a>
        )}
      </div>
      <p className="text-sm text-slate-700">
        Confirmed e-mail alerts about new jobs, counted by search. Addresses are not shown here
        {me.role === 'admin' ? '; exporting them is recorded in the audit log.' : '.'}
      </p>
      {exporting && <p role="status">Preparing the export…</p>}
      {exportError && <ErrorText>Export failed: {exportError}</ErrorText>}
      {data && (
        <p className="text-sm font-medium" data-testid="alerts-total">
          {data.total === 1 ? '1 confirmed alert' : `${data.total} confirmed alerts`} in all.
        </p>
      )}
      <ListStates
        rows={data?.counts ?? null}
        error={error}
        failed={<ErrorText>Could not load the job alerts. {error}</ErrorText>}
        loading={<p role="status">Loading the job alerts…</p>}
        empty={<p>No confirmed job alerts yet.</p>}
      >
        {(counts) => (
          <AdminTable columns={['Search', 'Daily', 'Weekly', 'Total']} headerClassName="py-2 pr-3" caption="Confirmed job alerts by search">
            {counts.map((c) => (
              <tr key={c.searchPath} className="border-t border-slate-200 align-top">
                <th scope="row" className="py-2 pr-3 font-normal">
                  <a href={c.searchPath} className="text-blue-700 underline">
                    {c.filter}
                  </a>
                </th>
                <td className="py-2 pr-3 tabular-nums">{c.daily}</td>
                <td className="py-2 pr-3 tabular-nums">{c.weekly}</td>
                <td className="py-2 pr-3 tabular-nums">{c.daily + c.weekly}</td>
              </tr>
            ))}
          </AdminTable>
        )}
      </ListStates>
    </div>
  );
}
