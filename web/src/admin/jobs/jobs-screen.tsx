// The console's jobs: the list of every job, and the form that creates and
// edits one, previews its public page, checks its structured data and
// publishes or closes it.
import { useCallback, useContext, useState } from 'react';
import { Link, Route, Routes, useNavigate, useParams } from 'react-router';
import jobsCopy from '../../../../content/jobs.json';
import type { AdminJob, AdminJobInput, AdminJobSummary, CheckItem, JobDepartment, JobLocation, PagePreview } from '../../gen/wire';
import { adminGet, adminPath, adminSend } from '../api';
import BoardScreen from '../board/board-screen';
import { dangerButton, FormField, inputClass, primaryButton, secondaryButton } from '../editor/form-field';
import { PreviewFrame } from '../editor/preview-frame';
import { RichTextEditor } from '../editor/rich-text-editor';
import type { CompareField } from '../editor/diff';
import { RevisionsPanel, type RevisionCalls } from '../editor/revisions-panel';
import { SaveConflict } from '../editor/save-conflict';
import { useEditorPage, type EditorCalls } from '../editor/use-editor-page';
import { ListScreen } from '../ui/list-screen';
import { StructuredDataCheck } from './structured-data-check';
import { formatWhen } from '../ui/format';
import { useAdminData } from '../ui/use-admin-data';
import { StaffContext } from '../staff-context';

/**
 * The help of a fact the job holds as text from before the lists, or
 * undefined when it is mapped: what it was and how to map it.
 */
function legacyHelp(job: AdminJob | null, fact: 'location' | 'department' | 'experience', admin: boolean): string | undefined {
  if (!job?.unmapped.includes(fact)) return undefined;
  if (fact === 'experience') return `Was “${job.experience}”, which states no range of years. Enter the years to replace it.`;
  const was = fact === 'location' ? job.location : job.department;
  const where = admin ? ' or add it under Locations and departments' : ' or ask an admin to add it';
  return `Was “${was}”, which is not in the list. Choose one${where}.`;
}

export default function JobsScreen() {
  return (
    <Routes>
      <Route index element={<JobList />} />
      <Route path="new" element={<JobEditor key="new" />} />
      <Route path=":id" element={<JobEditorAt />} />
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
            {j.unmapped.length > 0 && <span className="block text-amber-800">Needs mapping: {j.unmapped.join(', ')}</span>}
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
  locationId: string;
  departmentId: string;
  workplace: string;
  yearsMin: string;
  yearsMax: string;
  employmentType: string;
  salaryMin: string;
  salaryMax: string;
  closingDate: string;
  description: string;
}

const emptyForm: JobForm = {
  jobTitle: '',
  locationId: '',
  departmentId: '',
  workplace: 'onsite',
  yearsMin: '',
  yearsMax: '',
  employmentType: '',
  salaryMin: '',
  salaryMax: '',
  closingDate: '',
  description: '',
};

function formOf(j: AdminJob): JobForm {
  return {
    jobTitle: j.jobTitle,
    locationId: j.locationId,
    departmentId: j.departmentId,
    workplace: j.workplace || 'onsite',
    yearsMin: j.yearsMin === null ? '' : String(j.yearsMin),
    yearsMax: j.yearsMax === null ? '' : String(j.yearsMax),
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

/**
 * Years as sent: empty is null; anything but a whole number is sent as -1,
 * which the server refuses with its message.
 */
function years(v: string): number | null {
  if (v.trim() === '') return null;
  const n = Number(v.trim());
  return Number.isInteger(n) ? n : -1;
}

/** The request body of a form (the editor sets baseVersion when it saves). */
function inputOf(f: JobForm): AdminJobInput {
  return { ...f, yearsMin: years(f.yearsMin), yearsMax: years(f.yearsMax), salaryMin: rupees(f.salaryMin), salaryMax: rupees(f.salaryMax), baseVersion: 0 };
}

/** A range as staff read it: "2–4", "5+", "" when neither end is set. */
function range(min: string, max: string, open: string): string {
  if (!min && !max) return '';
  if (!max) return `${min}${open}`;
  return min === max ? min : `${min}–${max}`;
}

/**
 * A job form's fields as a comparison of versions shows them, with the
 * names of its list entries (those of job when the lists lack them).
 */
export function jobFields(f: JobForm, lists: { locations: JobLocation[]; departments: JobDepartment[] } | null | undefined, job?: AdminJob): CompareField[] {
  const location = lists?.locations.find((l) => l.id === f.locationId)?.name ?? (f.locationId === job?.locationId ? job?.location : f.locationId) ?? '';
  const department = lists?.departments.find((d) => d.id === f.departmentId)?.name ?? (f.departmentId === job?.departmentId ? job?.department : f.departmentId) ?? '';
  const types = jobsCopy.detail.employmentTypes as Record<string, string>;
  return [
    { label: 'Job title', text: f.jobTitle },
    { label: 'Location', text: location },
    { label: 'Department', text: department },
    { label: 'Workplace', text: workplaceLabels[f.workplace] ?? f.workplace },
    { label: 'Years of experience', text: range(f.yearsMin, f.yearsMax, '+') },
    { label: 'Employment type', text: types[f.employmentType] ?? f.employmentType },
    { label: 'Salary (rupees a year)', text: range(f.salaryMin, f.salaryMax, ' or more') },
    { label: 'Closing date', text: f.closingDate },
    { label: 'Description', text: f.description, html: true },
  ];
}

/** The workplace types in words. */
export const workplaceLabels: Record<string, string> = { onsite: 'On-site', hybrid: 'Hybrid', remote: 'Remote' };

/** The job editor's calls of the staff API. */
const jobCalls: EditorCalls<AdminJob, AdminJobInput> = {
  load: (id) => adminGet(adminPath('/jobs/{id}', { id })),
  create: (body) => adminSend('POST', '/jobs', body),
  update: (id, body) => adminSend('PUT', adminPath('/jobs/{id}', { id }), body),
  publish: (id) => adminSend('POST', adminPath('/jobs/{id}/publish', { id })),
  remove: (id) => adminSend('DELETE', adminPath('/jobs/{id}', { id })),
};

/** The job editor's calls of a job's revisions. */
const jobRevisionCalls: RevisionCalls<AdminJob> = {
  list: (id) => adminGet(adminPath('/jobs/{id}/revisions', { id })),
  get: (id, version) => adminGet(adminPath('/jobs/{id}/revisions/{version}', { id, version: String(version) })),
  restore: (id, version, baseVersion) =>
    adminSend('POST', adminPath('/jobs/{id}/revisions/{version}/restore', { id, version: String(version) }), { baseVersion }),
};

/** The editor of the job in the address: a new one for each job (a duplicate opens in its own). */
function JobEditorAt() {
  const { id } = useParams();
  return <JobEditor key={id} />;
}

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
    theirsOf: (c) => c.job,
  });
  const { item: job, setItem: setJob, form, setForm, dirty, loadError, error, fields, notice, setNotice, busy, errorRef, onEditorReady, run, conflict } = page;
  const navigate = useNavigate();
  const lists = useAdminData('/job-lists');
  const admin = useContext(StaffContext)?.role === 'admin';

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

  async function onDuplicate() {
    if (!job) return;
    if (dirty && !window.confirm('The copy is made from the saved job, without your unsaved changes. Leave them and open the copy?')) return;
    await run(async () => {
      const copy = await adminSend('POST', adminPath('/jobs/{id}/duplicate', { id: job.id }));
      page.setSaved();
      navigate(`../${copy.id}`, {
        relative: 'path',
        state: { notice: `Duplicated. This is the copy, a draft: “${copy.jobTitle}”. Edit it and publish it when it is ready.` },
      });
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
      {conflict && (
        <SaveConflict
          what="job"
          changedBy={conflict.changedBy}
          changedAt={conflict.changedAt}
          mine={jobFields(form, lists.data, job ?? undefined)}
          theirs={jobFields(formOf(conflict.theirs), lists.data, conflict.theirs)}
          busy={busy}
          onKeepMine={() => void page.keepMine('Your version is saved. It replaced theirs; theirs is kept under Revisions.')}
          onTakeTheirs={() => page.takeTheirs('Their version is in the form now. Your changes were dropped.')}
        />
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
          {lists.error && (
            <p role="alert" className="text-red-700">
              The locations and departments could not be loaded: {lists.error}
            </p>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              id="job-locationId"
              label="Location"
              help={legacyHelp(job, 'location', admin) ?? 'A city from the locations list.'}
              error={fields.locationId}
            >
              {(p) => (
                <select {...p} className={inputClass} value={form.locationId} onChange={(e) => set('locationId')(e.target.value)}>
                  <option value="">{job?.unmapped.includes('location') ? `Keep “${job.location}” (not in the list)` : 'Choose a location'}</option>
                  {lists.data?.locations.map((l) => (
                    <option key={l.id} value={l.id}>
                      {l.name}
                      {l.aliases.length > 0 ? ` (also ${l.aliases.join(', ')})` : ''}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <FormField
              id="job-departmentId"
              label="Department"
              help={legacyHelp(job, 'department', admin) ?? 'Optional.'}
              error={fields.departmentId}
            >
              {(p) => (
                <select {...p} className={inputClass} value={form.departmentId} onChange={(e) => set('departmentId')(e.target.value)}>
                  <option value="">{job?.unmapped.includes('department') ? `Keep “${job.department}” (not in the list)` : 'None'}</option>
                  {lists.data?.departments.map((d) => (
                    <option key={d.id} value={d.id}>
                      {d.name}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <FormField id="job-workplace" label="Workplace" error={fields.workplace}>
              {(p) => (
                <select {...p} className={inputClass} value={form.workplace} onChange={(e) => set('workplace')(e.target.value)}>
                  {Object.entries(workplaceLabels).map(([v, label]) => (
                    <option key={v} value={v}>
                      {label}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
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
            {text(
              'yearsMin',
              'Minimum years of experience',
              legacyHelp(job, 'experience', false) ?? 'A whole number from 0 to 50.',
              { type: 'number', min: 0, max: 50, step: 1, inputMode: 'numeric' },
            )}
            {text('yearsMax', 'Maximum years of experience', 'Leave empty for no maximum (shown as 5+). Same as the minimum for exactly that many.', {
              type: 'number',
              min: 0,
              max: 50,
              step: 1,
              inputMode: 'numeric',
            })}
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
            {job && (
              <button type="button" className={secondaryButton} disabled={busy} onClick={() => void onDuplicate()}>
                Duplicate
              </button>
            )}
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
      {job && (
        <RevisionsPanel
          item={job}
          calls={jobRevisionCalls}
          fieldsOf={(j) => jobFields(formOf(j), lists.data, j)}
          statusText={(s) => statusText(s, false)}
          dirty={dirty}
          busy={busy}
          run={run}
          onRestored={(j, v) => {
            page.took(j);
            setNotice(`Version ${v} restored as version ${j.version}.`);
          }}
        />
      )}
      {preview && <PreviewFrame html={preview.html} onClose={() => setPreview(null)} />}
    </div>
  );
}
