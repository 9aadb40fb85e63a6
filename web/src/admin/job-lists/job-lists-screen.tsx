// The lists a job's facts are picked from (admins): locations, each a
// city's canonical name with its aliases, and departments; and the jobs
// whose facts are still text from before the lists, each with a way to
// map it. An entry a job uses cannot be deleted; renaming one renames it
// on every job.
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { JobDepartment, JobLists, JobLocation, UnmappedJob } from '../../gen/wire';
import { ApiRequestError } from '../../lib/api-client';
import { adminPath, adminSend } from '../api';
import { Alert, messageOf } from '../ui/alert';
import { ConfirmDelete } from '../ui/confirm-delete';
import { Field } from '../ui/field';
import { heading1, heading2, primaryButton, secondaryButton } from '../ui/styles';
import { useAdminData } from '../ui/use-admin-data';

/** Aliases as typed: separated by commas. */
export function parseAliases(text: string): string[] {
  return text
    .split(',')
    .map((a) => a.trim())
    .filter((a) => a !== '');
}

/** The words of a fact that needs mapping. */
const factLabels: Record<string, string> = { location: 'Location', department: 'Department', experience: 'Experience' };

export default function JobListsScreen() {
  const lists = useAdminData('/job-lists');
  const [status, setStatus] = useState('');
  const done = (text: string) => {
    setStatus(text);
    lists.reload();
  };
  const data = lists.data;
  return (
    <div className="space-y-8">
      <h1 className={heading1}>Locations and departments</h1>
      <p className="max-w-3xl text-sm text-slate-700">
        The job editor picks a job’s location and department from these lists. Visitors searching open positions by any name or alias of a
        city find its jobs. Renaming an entry renames it on every job; an entry a job uses cannot be deleted.
      </p>
      <Alert message={lists.error} />
      <p role="status" className="text-sm text-slate-700">
        {status}
      </p>
      {!data ? (
        !lists.error && <p>Loading…</p>
      ) : (
        <>
          <UnmappedSection jobs={data.unmapped} onDone={done} />
          <LocationsSection locations={data.locations} onDone={done} />
          <DepartmentsSection departments={data.departments} onDone={done} />
        </>
      )}
    </div>
  );
}

interface SectionProps {
  onDone: (status: string) => void;
}

/** Field messages of a refused request, and its message. */
function refusal(e: unknown): { message: string; fields: Record<string, string> } {
  const fields = e instanceof ApiRequestError ? e.fields : {};
  return { message: messageOf(e), fields };
}

function UnmappedSection({ jobs, onDone }: SectionProps & { jobs: JobLists['unmapped'] }) {
  return (
    <section aria-labelledby="unmapped-jobs" className="space-y-3">
      <h2 id="unmapped-jobs" className={heading2}>
        Jobs whose facts need mapping
      </h2>
      {jobs.length === 0 ? (
        <p className="text-sm text-slate-700">None: every job’s location, department and experience come from the lists and its years.</p>
      ) : (
        <>
          <p className="max-w-3xl text-sm text-slate-700">
            These jobs were written before the lists, and their text matched no entry. They show as they were until mapped: add the name as a
            location or department (jobs that use it are mapped at once), or choose an entry in the job editor.
          </p>
          <ul className="space-y-3">
            {jobs.map((j) => (
              <UnmappedRow key={j.id} job={j} onDone={onDone} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function UnmappedRow({ job, onDone }: SectionProps & { job: UnmappedJob }) {
  const [error, setError] = useState('');
  const title = job.jobTitle || 'Untitled job';
  const was: Record<string, string> = { location: job.location, department: job.department, experience: job.experience };
  async function add(fact: 'location' | 'department') {
    setError('');
    try {
      if (fact === 'location') await adminSend('POST', '/job-locations', { name: job.location, aliases: [] });
      else await adminSend('POST', '/job-departments', { name: job.department });
      onDone(`“${was[fact]}” added to the ${fact}s. Jobs that use it are mapped.`);
    } catch (e) {
      const r = refusal(e);
      setError(Object.values(r.fields)[0] ?? r.message);
    }
  }
  return (
    <li className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
      <p>
        <Link to={`/jobs/${encodeURIComponent(job.id)}`} className="font-medium text-blue-700 underline">
          {title}
        </Link>{' '}
        <span className="text-slate-700">({job.status})</span>
      </p>
      <ul className="mt-2 space-y-2">
        {job.facts.map((f) => (
          <li key={f} className="flex flex-wrap items-center gap-2">
            <span>
              {factLabels[f] ?? f}: “{was[f]}”
            </span>
            {f === 'location' || f === 'department' ? (
              <button type="button" className={secondaryButton} onClick={() => void add(f)}>
                Add “{was[f]}” as a {f} <span className="sr-only">for {title}</span>
              </button>
            ) : (
              <Link to={`/jobs/${encodeURIComponent(job.id)}`} className="text-blue-700 underline">
                Enter the years in the job editor <span className="sr-only">of {title}</span>
              </Link>
            )}
          </li>
        ))}
      </ul>
      <Alert message={error} />
    </li>
  );
}

/**
 * The field messages and the message of the last refused call of a form,
 * and attempt, which clears them, runs a call and keeps its refusal.
 */
function useRefusal() {
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState('');
  async function attempt(call: () => Promise<void>) {
    setFields({});
    setError('');
    try {
      await call();
    } catch (err) {
      const r = refusal(err);
      setFields(r.fields);
      setError(r.message);
    }
  }
  return { fields, error, setError, attempt };
}

function LocationsSection({ locations, onDone }: SectionProps & { locations: JobLocation[] }) {
  const [name, setName] = useState('');
  const [aliases, setAliases] = useState('');
  const { fields, error, attempt } = useRefusal();
  function submit(e: FormEvent) {
    e.preventDefault();
    void attempt(async () => {
      const added = await adminSend('POST', '/job-locations', { name, aliases: parseAliases(aliases) });
      setName('');
      setAliases('');
      onDone(`${added.name} added to the locations.`);
    });
  }
  return (
    <section aria-labelledby="job-locations" className="space-y-3">
      <h2 id="job-locations" className={heading2}>
        Locations
      </h2>
      <ul className="space-y-2">
        {locations.map((l) => (
          <LocationRow key={l.id} location={l} onDone={onDone} />
        ))}
      </ul>
      <form onSubmit={submit} noValidate className="grid max-w-3xl gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end" aria-label="Add a location">
        <Field label="New location" hint="The city’s name as jobs show it." value={name} maxLength={60} autoComplete="off" error={fields.name} onChange={(e) => setName(e.target.value)} />
        <Field
          label="Its aliases"
          hint="Other names, separated by commas."
          value={aliases}
          autoComplete="off"
          error={fields.aliases}
          onChange={(e) => setAliases(e.target.value)}
        />
        <button type="submit" className={primaryButton}>
          Add location
        </button>
      </form>
      {Object.keys(fields).length === 0 && <Alert message={error} />}
    </section>
  );
}

function LocationRow({ location: l, onDone }: SectionProps & { location: JobLocation }) {
  const [name, setName] = useState(l.name);
  const [aliases, setAliases] = useState(l.aliases.join(', '));
  return (
    <EntryRow
      name={l.name}
      list="locations"
      jobs={l.jobs}
      also={l.aliases.length > 0 && <span className="text-slate-700"> · also {l.aliases.join(', ')}</span>}
      formClass="sm:grid-cols-[1fr_1fr_auto]"
      save={() => adminSend('PUT', adminPath('/job-locations/{id}', { id: l.id }), { name, aliases: parseAliases(aliases) })}
      remove={() => adminSend('DELETE', adminPath('/job-locations/{id}', { id: l.id }))}
      onDone={onDone}
      fields={(fields) => (
        <>
          <Field label="Name" value={name} maxLength={60} autoComplete="off" error={fields.name} onChange={(e) => setName(e.target.value)} />
          <Field label="Aliases" hint="Separated by commas." value={aliases} autoComplete="off" error={fields.aliases} onChange={(e) => setAliases(e.target.value)} />
        </>
      )}
    />
  );
}

/**
 * An entry of a list: its name, what else it says and how many jobs use
 * it, with Edit (fields, saved by save) and Delete (after a confirmation).
 */
function EntryRow(props: {
  name: string;
  list: 'locations' | 'departments';
  jobs: number;
  also?: ReactNode;
  formClass: string;
  fields: (fields: Record<string, string>) => ReactNode;
  save: () => Promise<{ name: string }>;
  remove: () => Promise<unknown>;
  onDone: (status: string) => void;
}) {
  const { name, onDone } = props;
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [busy, setBusy] = useState(false);
  const { fields, error, setError, attempt } = useRefusal();
  function save(e: FormEvent) {
    e.preventDefault();
    void attempt(async () => {
      const saved = await props.save();
      setEditing(false);
      onDone(`${saved.name} saved.`);
    });
  }
  async function remove() {
    setBusy(true);
    setError('');
    try {
      await props.remove();
      onDone(`${name} deleted.`);
    } catch (err) {
      setError(messageOf(err));
      setDeleting(false);
    } finally {
      setBusy(false);
    }
  }
  return (
    <li className="rounded-md border border-slate-200 p-3 text-sm">
      {editing ? (
        <form onSubmit={save} noValidate className={`grid gap-3 sm:items-end ${props.formClass}`} aria-label={`Edit ${name}`}>
          {props.fields(fields)}
          <div className="flex gap-2">
            <button type="submit" className={primaryButton}>
              Save <span className="sr-only">{name}</span>
            </button>
            <button type="button" className={secondaryButton} onClick={() => setEditing(false)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div>
            <span className="font-medium">{name}</span>
            {props.also}
            <span className="block text-slate-700">{jobsText(props.jobs)}</span>
          </div>
          <div className="flex gap-2">
            <button type="button" className={secondaryButton} onClick={() => setEditing(true)}>
              Edit <span className="sr-only">{name}</span>
            </button>
            <button type="button" className={secondaryButton} onClick={() => setDeleting(true)}>
              Delete <span className="sr-only">{name}</span>
            </button>
          </div>
        </div>
      )}
      {deleting && (
        <div className="mt-2">
          <ConfirmDelete question={`Delete ${name} from the ${props.list}?`} confirm={`Delete ${name}`} busy={busy} onConfirm={() => void remove()} onCancel={() => setDeleting(false)} />
        </div>
      )}
      {(Object.keys(fields).length === 0 || !editing) && <Alert message={error} />}
    </li>
  );
}

/** "Used by 2 jobs". */
function jobsText(n: number): string {
  if (n === 0) return 'No job uses it';
  return n === 1 ? 'Used by 1 job' : `Used by ${n} jobs`;
}

function DepartmentsSection({ departments, onDone }: SectionProps & { departments: JobDepartment[] }) {
  const [name, setName] = useState('');
  const { fields, error, attempt } = useRefusal();
  function submit(e: FormEvent) {
    e.preventDefault();
    void attempt(async () => {
      const added = await adminSend('POST', '/job-departments', { name });
      setName('');
      onDone(`${added.name} added to the departments.`);
    });
  }
  return (
    <section aria-labelledby="job-departments" className="space-y-3">
      <h2 id="job-departments" className={heading2}>
        Departments
      </h2>
      <ul className="space-y-2">
        {departments.map((d) => (
          <DepartmentRow key={d.id} department={d} onDone={onDone} />
        ))}
      </ul>
      <form onSubmit={submit} noValidate className="grid max-w-xl gap-3 sm:grid-cols-[1fr_auto] sm:items-end" aria-label="Add a department">
        <Field label="New department" value={name} maxLength={60} autoComplete="off" error={fields.name} onChange={(e) => setName(e.target.value)} />
        <button type="submit" className={primaryButton}>
          Add department
        </button>
      </form>
      {Object.keys(fields).length === 0 && <Alert message={error} />}
    </section>
  );
}

function DepartmentRow({ department: d, onDone }: SectionProps & { department: JobDepartment }) {
  const [name, setName] = useState(d.name);
  return (
    <EntryRow
      name={d.name}
      list="departments"
      jobs={d.jobs}
      formClass="sm:grid-cols-[1fr_auto]"
      save={() => adminSend('PUT', adminPath('/job-departments/{id}', { id: d.id }), { name })}
      remove={() => adminSend('DELETE', adminPath('/job-departments/{id}', { id: d.id }))}
      onDone={onDone}
      fields={(fields) => <Field label="Name" value={name} maxLength={60} autoComplete="off" error={fields.name} onChange={(e) => setName(e.target.value)} />}
    />
  );
}
