// The console's jobs: the list of every job, and the form that creates and
// edits one, previews its public page, checks its structured data and
// publishes or closes it.
import { useCallback, useState } from 'react';
import { Link, Route, Routes, useParams } from 'react-router';
import jobsCopy from '../../../../content/jobs.json';
import type { AdminJob, AdminJobInput, AdminJobSummary, CheckItem, PagePreview } from '../../gen/wire';
import { adminGet, adminPath, adminSend } from '../api';
import BoardScreen from '../board/board-screen';
import { dangerButton, FormField, inputClass, primaryButton, secondaryButton } from '../editor/form-field';
import { PreviewFrame } from '../editor/preview-frame';
import { RichTextEditor } from '../editor/rich-text-editor';
import { useEditorPage, type EditorCalls } from '../editor/use-editor-page';
import { ListScreen } from '../ui/list-screen';
import { StructuredDataCheck } from './structured-data-check';
import { formatWhen } from '../ui/format';

export default function JobsScreen() {
  return (
    <Routes>
      <Route index element={<JobList />} />
      <Route path="new" element={<JobEditor key="new" />} />
      <Route path=":id" element={<JobEditor />} />
      <Route path=":id/board" element={<BoardScreen />} />
    </Routes>
  );
}

/** A job's status in words. */
export function statusText(status: string, expired: boolean): string {
  if (status === 'open') return expired ? 'Open, closing date passed' : 'Open';
  if (status === 'closed') return 'Closed';
  return 'Draft';
}


function JobList() {
  return (
    <ListScreen
      path="/jobs"
      title="Jobs"
      newButton={{ to: 'new', label: 'New job' }}
      rows={(list) => list.jobs}
      loading="Loading jobs…"
      empty="No jobs yet. Create one with “New job”."
      caption="Jobs, newest first"
      columns={['Title', 'Status', 'Applications', 'Closing date', 'Updated']}
      pagesLabel="Pages of jobs"
      row={(j) => (
        <tr className="border-t border-slate-200">
          <td className="py-2 pr-4">
            <Link to={j.id} className="font-medium text-blue-700 underline">
              {j.jobTitle || 'Untitled job'}
            </Link>
            {j.location && <span className="block text-slate-600">{j.location}</span>}
          </td>
          <td className="py-2 pr-4">{statusText(j.status, j.expired)}</td>
          <td className="py-2 pr-4">
            <JobCounts job={j} />
          </td>
          <td className="py-2 pr-4">{j.closingDate || 'None'}</td>
          <td className="py-2">{formatWhen(j.updatedAt)}</td>
        </tr>
      )}
    />
  );
}

/**
 * A job's applications outside spam: in all and new, each a link to the
 * list filtered so, and a link to the job's board.
 */
function JobCounts({ job }: { job: AdminJobSummary }) {
  const list = `/applications?job=${encodeURIComponent(job.id)}`;
  const title = job.jobTitle || 'Untitled job';
  return (
    <span className="flex flex-col gap-0.5 whitespace-nowrap">
      <Link to={list} className="text-blue-700 underline">
        {job.applications} in all <span className="sr-only">for {title}</span>
      </Link>
      <Link to={`${list}&status=new`} className="text-blue-700 underline">
        {job.newApplications} new <span className="sr-only">for {title}</span>
      </Link>
      <Link to={`${job.id}/board`} className="text-blue-700 underline">
        Board <span className="sr-only">of {title}</span>
      </Link>
    </span>
  );
}

/** The form's values: what the inputs hold, as text. */
interface JobForm {
  jobTitle: string;
  experience: string;
  location: string;
  department: string;
  employmentType: string;
  salaryMin: string;
  salaryMax: string;
  closingDate: string;
  description: string;
}

const emptyForm: JobForm = {
  jobTitle: '',
  experience: '',
  location: '',
  department: '',
  employmentType: '',
  salaryMin: '',
  salaryMax: '',
  closingDate: '',
  description: '',
};

function formOf(j: AdminJob): JobForm {
  return {
    jobTitle: j.jobTitle,
    experience: j.experience,
    location: j.location,
    department: j.department,
    employmentType: j.employmentType,
    salaryMin: j.salaryMin ? String(j.salaryMin) : '',
    salaryMax: j.salaryMax ? String(j.salaryMax) : '',
    closingDate: j.closingDate,
    description: j.description,
  };
}

/** A salary as sent: whole rupees; empty is 0 (not stated). */
function rupees(v: string): number {
  const n = Number(v.trim());
  return v.trim() === '' || !Number.isFinite(n) ? 0 : Math.trunc(n);
}

function inputOf(f: JobForm): AdminJobInput {
  return { ...f, salaryMin: rupees(f.salaryMin), salaryMax: rupees(f.salaryMax) };
}

/** The job editor's calls of the staff API. */
const jobCalls: EditorCalls<AdminJob, AdminJobInput> = {
  load: (id) => adminGet(adminPath('/jobs/{id}', { id })),
  create: (body) => adminSend('POST', '/jobs', body),
  update: (id, body) => adminSend('PUT', adminPath('/jobs/{id}', { id }), body),
  publish: (id) => adminSend('POST', adminPath('/jobs/{id}/publish', { id })),
  remove: (id) => adminSend('DELETE', adminPath('/jobs/{id}', { id })),
};

const employmentTypes = Object.entries(jobsCopy.detail.employmentTypes as Record<string, string>);

function JobEditor() {
  const { id } = useParams();
  const [preview, setPreview] = useState<PagePreview | null>(null);
  const [check, setCheck] = useState<{ items: CheckItem[]; source: string } | null>(null);
  const page = useEditorPage({
    id,
    calls: jobCalls,
    empty: emptyForm,
    formOf,
    bodyOf: inputOf,
    fieldPrefix: 'job',
    richField: 'description',
    onSaved: (j) => setCheck({ items: j.check, source: 'as saved' }),
  });
  const { item: job, setItem: setJob, form, setForm, dirty, loadError, error, fields, notice, setNotice, busy, errorRef, onEditorReady, run } = page;

  const set = (k: keyof JobForm) => (v: string) => setForm((f) => ({ ...f, [k]: v }));
  const onDescription = useCallback((html: string) => setForm((f) => ({ ...f, description: html })), [setForm]);

  const onSave = () => page.onSave((before) => (before?.status === 'open' ? 'Changes saved. The public page shows them now.' : 'Draft saved.'));
  const onPublish = () =>
    page.onPublish('Published. The job is on the career page now.', (published) =>
      setCheck({ items: published.check, source: 'as published' }),
    );
  const onDelete = () => page.onDelete('Delete this job for good? Its applications are kept.');

  async function onClose() {
    if (!job || !window.confirm('Close this job? Visitors will see “Position closed” and can no longer apply.')) return;
    await run(async () => {
      setJob(await adminSend('POST', adminPath('/jobs/{id}/close', { id: job.id })));
      setNotice('Closed. The job is off the career page.');
    });
  }

  const onPreview = () =>
    run(async () => {
      const p = await adminSend('POST', '/jobs/preview', inputOf(form), { id: job?.id });
      setPreview(p);
      setCheck({ items: p.check, source: 'of the preview' });
    });

  if (loadError) {
    return (
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">Job</h1>
        <p role="alert" className="mt-4 text-red-700">
          {loadError}
        </p>
        <Link to=".." relative="path" className="mt-4 inline-block text-blue-700 underline">
          Back to jobs
        </Link>
      </div>
    );
  }
  if (id && !job) return <p>Loading the job…</p>;

  const status = job?.status ?? 'draft';
  const text = (k: keyof JobForm, label: string, help?: string, extra: Record<string, string | number> = {}) => (
    <FormField id={`job-${k}`} label={label} help={help} error={fields[k]}>
      {(p) => <input {...p} {...extra} className={inputClass} value={form[k]} onChange={(e) => set(k)(e.target.value)} />}
    </FormField>
  );

  return (
    <div>
      <Link to=".." relative="path" className="text-sm text-blue-700 underline">
        Back to jobs
      </Link>
      <h1 className="mt-2 text-2xl font-semibold text-slate-900">{job ? `Edit job: ${job.jobTitle || 'Untitled'}` : 'New job'}</h1>
      <p className="mt-1 text-sm">
        Status: <strong>{statusText(status, job?.expired ?? false)}</strong>
        {dirty && <span> · Unsaved changes</span>}
        {job && status === 'open' && (
          <>
            {' · '}
            <a href={job.url} target="_blank" rel="noreferrer" className="text-blue-700 underline">
              View the public page
            </a>
          </>
        )}
      </p>
      {error && (
        <p role="alert" tabIndex={-1} ref={errorRef} className="mt-4 text-red-700">
          {error}
        </p>
      )}
      {notice && (
        <p role="status" className="mt-4 text-green-800">
          {notice}
        </p>
      )}
      <div className="mt-4 grid gap-6 lg:grid-cols-[1fr_20rem]">
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void onSave();
          }}
          className="space-y-4"
        >
          {text('jobTitle', 'Job title', 'At most 150 characters.', { maxLength: 150, autoComplete: 'off' })}
          <div className="grid gap-4 sm:grid-cols-2">
            {text('experience', 'Experience', 'Years: a number (3), a range (2-4) or a minimum (5+).', { inputMode: 'text' })}
            {text('location', 'Location', 'A city, e.g. Hyderabad or Bangalore.', { maxLength: 100 })}
            {text('department', 'Department', 'Optional.', { maxLength: 100 })}
            <FormField id="job-employmentType" label="Employment type" error={fields.employmentType}>
              {(p) => (
                <select {...p} className={inputClass} value={form.employmentType} onChange={(e) => set('employmentType')(e.target.value)}>
                  <option value="">Not stated</option>
                  {employmentTypes.map(([code, label]) => (
                    <option key={code} value={code}>
                      {label}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            {text('salaryMin', 'Minimum salary', 'Rupees a year. Leave empty if not stated.', { type: 'number', min: 0, step: 1, inputMode: 'numeric' })}
            {text('salaryMax', 'Maximum salary', 'Rupees a year. Leave empty if not stated.', { type: 'number', min: 0, step: 1, inputMode: 'numeric' })}
            {text('closingDate', 'Closing date', 'The last day to apply. Optional.', { type: 'date' })}
          </div>
          <RichTextEditor
            label="Description"
            description="What the job is, what it needs and what it offers. Headings, lists, bold, italic and links are kept."
            value={form.description}
            onChange={onDescription}
            error={fields.description}
            onReady={onEditorReady}
          />
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={secondaryButton} disabled={busy}>
              {status === 'draft' ? 'Save draft' : 'Save changes'}
            </button>
            {status !== 'open' && (
              <button type="button" className={primaryButton} disabled={busy} onClick={() => void onPublish()}>
                Publish
              </button>
            )}
            {status === 'open' && (
              <button type="button" className={dangerButton} disabled={busy} onClick={() => void onClose()}>
                Close job
              </button>
            )}
            <button type="button" className={secondaryButton} disabled={busy} onClick={() => void onPreview()}>
              Preview
            </button>
            {job && status !== 'open' && (
              <button type="button" className={dangerButton} disabled={busy} onClick={() => void onDelete()}>
                Delete job
              </button>
            )}
          </div>
        </form>
        <aside>
          {check ? (
            <StructuredDataCheck items={check.items} source={check.source} />
          ) : (
            <p className="text-sm text-slate-600">Save or preview the job to check its structured data.</p>
          )}
        </aside>
      </div>
      {preview && <PreviewFrame html={preview.html} onClose={() => setPreview(null)} />}
    </div>
  );
}
