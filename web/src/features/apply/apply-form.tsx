import { useEffect, useState, type FormEvent } from 'react';
import copy from '../../../../content/apply.json';
import { HoneypotField } from '../../components/honeypot-field';
import { HydrateLater } from '../../components/hydrate-later';
import { Spinner } from '../../components/spinner';
import { type Education, type Job, type WorkExperience } from '../../gen/wire';
import { APPLICATION_LIMITS, APPLICATION_OPTIONS, APPLICATION_PARTS, APPLICATION_RULES } from '../../gen/apply-rules';
import { useEarlyInput } from '../../lib/use-early-input';
import { useFocusLater } from '../../lib/use-focus-later';
import { useHandlers } from '../../lib/use-handlers';
import { whenIdle } from '../../lib/when-idle';
import { outcomeState } from '../../lib/application-outcome';
import { useNavigate } from '../../lib/router';
import { fill } from '../../lib/text';
import { visitSource } from '../../lib/visit-source';
import { CertificationsSection, type CertificationsUpdate } from './certifications-section';
import { DataNotice } from './data-notice';
import { DraftOffer, DraftRestored } from './draft-notices';
import type { Draft } from './draft-store';
import { EducationSection } from './education-section';
import { ErrorSummary, type Problem } from './error-summary';
import { fieldLabel } from './field-labels';
import { asOptions, CheckboxField, FileField, SelectField, TextField } from './fields';
import { FormSection, type Errors, type ListUpdate } from './form-parts';
import {
  digitsOnly,
  emptyFiles,
  emptyValues,
  fieldId,
  formErrors,
  multipartBody,
  orderedProblems,
  outgoing,
  restoredValues,
  withPhoneRegion,
  type ApplyValues,
} from './form-state';
import { fileProblem, normalizeApplication, validateApplication, type ApplicationFiles } from './rules';
import { SkillsSection } from './skills-section';
import { submitApplication, type Progress } from './submit-application';
import { UploadProgress } from './upload-progress';
import { useApplicationDraft } from './use-application-draft';
import { useSubmissionKey } from './use-submission-key';
import { WorkSection } from './work-section';

const t = copy;

/** The fields typed or chosen as one string. */
type TextKey = { [K in keyof ApplyValues]: ApplyValues[K] extends string ? K : never }[keyof ApplyValues];

type Status = { kind: 'idle' } | { kind: 'sending'; progress: Progress } | { kind: 'failed'; message: string };

/** "Email: Enter a valid address."; a label that is a question keeps its question mark alone. */
function summaryLine(label: string, message: string): string {
  return /[?:]$/.test(label) ? `${label} ${message}` : `${label}: ${message}`;
}

/** The summary's line for each problem, in the form's order. */
function summaryProblems(errors: Errors, values: ApplyValues): Problem[] {
  return orderedProblems(errors, values).map(({ path, message, known }) => ({
    path,
    known,
    text: summaryLine(fieldLabel(path, values.skills), message),
  }));
}

/** The request for values and files, and its problems by the form's own paths (none: ready to send). */
function checked(values: ApplyValues, files: ApplicationFiles, extra: Parameters<typeof outgoing>[2]) {
  const out = outgoing(values, files, extra);
  return { out, found: formErrors(validateApplication(out.request, out.files, localToday()), out.index) };
}

/** The visitor's local date, YYYY-MM-DD: dates in the form are theirs. */
function localToday(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** errors without those under any of the prefixes (entries that moved or went); errors itself when none is. */
function dropErrors(errors: Errors, ...prefixes: string[]): Errors {
  const under = (p: string) => prefixes.some((x) => p === x || p.startsWith(`${x}.`));
  if (!Object.keys(errors).some(under)) return errors;
  return Object.fromEntries(Object.entries(errors).filter(([p]) => !under(p)));
}

// The choices of the selects, made once: the same options every render let a field skip rendering again.
/** The phone's country choices: every region by name, with its calling code ("India (+91)"). */
const phoneRegionOptions = (APPLICATION_RULES.phones ?? []).map((r) => ({ value: r.region, label: `${r.name} (${r.code})` }));
const locationOptions = asOptions(APPLICATION_OPTIONS.locationPreferences);
const heardFromOptions = asOptions(APPLICATION_OPTIONS.heardFrom);
const nationalIdTypeOptions = asOptions(APPLICATION_OPTIONS.nationalIdTypes);
const checkResume = (f: File) => fileProblem(APPLICATION_PARTS.resume, f);
const checkNationalIdDocument = (f: File) => fileProblem(APPLICATION_PARTS.nationalIdDocument, f);

/**
 * The application form. It checks everything in the browser with the
 * server's rules, sends one multipart request with an idempotency key,
 * shows the upload's progress, and on success goes to /jobs, carrying the
 * answer and the e-mail address typed for its confirmation there (router
 * state: lib/application-outcome). What the visitor
 * types and chooses is kept as a draft on this device until the
 * application is stored.
 */
export function ApplyForm({ job }: { job: Job }) {
  const navigate = useNavigate();
  const [values, setValues] = useState<ApplyValues>(() => emptyValues(job.location, job.locationAliases));
  const [files, setFiles] = useState<ApplicationFiles>(emptyFiles);
  const [homepage, setHomepage] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [attempt, setAttempt] = useState(0);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  // Typed, chosen or attached before the script took over: kept (the change handlers below mark the form dirty).
  const form = useEarlyInput();
  // Sending needs the script (one JSON part and the files): until it runs, the button waits.
  const [ready, setReady] = useState(false);
  const focusLater = useFocusLater();
  // Every handler a field gets keeps its identity (and sees the latest state): a key press renders that field only.
  const handler = useHandlers();
  const submissionKey = useSubmissionKey();
  const draft = useApplicationDraft({
    jobId: job.id,
    values,
    files,
    submissionKey,
    onRestore: (d: Draft) => {
      // Consent is given afresh when sending, to the notice shown then.
      setValues({ ...restoredValues(emptyValues(job.location, job.locationAliases), d.values), consent: false });
      setFiles(d.files);
    },
  });

  useEffect(() => {
    setReady(true);
    // The checks' code and patterns compiled while the applicant reads, not on their first Submit
    // (on a slow phone that first run takes tens of milliseconds of the press's answer).
    return whenIdle(() => {
      const empty = emptyValues(job.location);
      summaryProblems(checked(empty, emptyFiles(), { homepage: '', elapsedMs: null }).found, empty);
    }, 4000);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the page as loaded
  }, []);

  function changed(...paths: string[]) {
    draft.changed();
    if (paths.some((p) => errors[p])) setErrors((e) => dropErrors(e, ...paths));
  }

  function set<K extends keyof ApplyValues>(k: K, v: ApplyValues[K]) {
    changed(k);
    setValues((old) => ({ ...old, [k]: v }));
  }

  /**
   * An entry list's change: an edit clears its field's message; an added or removed entry, the list's. update gets
   * the list as it is by then, so several changes before the next render (fields replayed at once) all count.
   */
  function setList<K extends 'workExperiences' | 'educations' | 'skills'>(k: K, update: (list: ApplyValues[K]) => ApplyValues[K], path?: string) {
    draft.changed();
    setErrors((e) => (path ? dropErrors(e, path) : dropErrors(e, k)));
    setValues((old) => ({ ...old, [k]: update(old[k]) }));
  }

  function setFile(part: 'resume' | 'nationalIdDocument', f: File | null) {
    changed(part);
    setFiles((old) => ({ ...old, [part]: f }));
  }

  function refuse(path: string, problem: string) {
    setErrors((e) => ({ ...e, [path]: problem }));
  }

  function startOver() {
    draft.startOver();
    submissionKey.renew();
    setValues(emptyValues(job.location, job.locationAliases));
    setFiles(emptyFiles());
    setErrors({});
    setStatus({ kind: 'idle' });
    focusLater(fieldId('firstName'));
  }

  function showProblems(found: Errors) {
    setErrors(found);
    setStatus({ kind: 'idle' });
    setAttempt((n) => n + 1);
  }

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (status.kind === 'sending') return;
    const { out, found } = checked(values, files, { homepage, elapsedMs: draft.elapsedMs(), source: visitSource() });
    if (Object.keys(found).length > 0) {
      showProblems(found);
      return;
    }
    setErrors({});
    const request = normalizeApplication(out.request);
    const body = multipartBody(request, out.files);
    setStatus({ kind: 'sending', progress: { loaded: 0, total: approximateSize(body) } });
    // The key for this content, written to the draft at once, so a reload after a lost answer knows it too.
    const usedKey = await submissionKey.keyFor(request, out.files);
    draft.save();
    const result = await submitApplication(job.id, body, usedKey, (progress) =>
      setStatus((s) => (s.kind === 'sending' ? { kind: 'sending', progress } : s)),
    );
    switch (result.kind) {
      case 'saved':
        // Never again, whatever happens to the draft: should it outlive this (clearing fails), it is not restored.
        submissionKey.completed(usedKey);
        await draft.submitted();
        navigate('/jobs', {
          state: outcomeState({ ...result.saved, jobTitle: result.saved.jobTitle || job.jobTitle }, { jobId: job.id, email: request.email }),
        });
        break;
      case 'invalid':
        showProblems(formErrors(result.fields, out.index));
        break;
      default:
        setStatus({ kind: 'failed', message: fill(t.failed, { message: result.message }) });
    }
  }

  const problems = summaryProblems(errors, values);
  const sending = status.kind === 'sending';
  const v = values;
  /** The props of the text or select control of a plain field. */
  const text = (k: TextKey) => ({
    path: k,
    label: t.labels[k],
    value: v[k],
    error: errors[k],
    onChange: handler(k, (x: string) => set(k, x)),
  });

  return (
    // method="post": should it ever be sent without the script, nothing typed ends up in a URL.
    <form ref={form} method="post" data-submit-with-script noValidate onSubmit={submit} aria-labelledby="page-title" className="relative space-y-8">
      {draft.offered && (
        <DraftOffer
          onRestore={() => {
            draft.acceptOffer();
            setErrors({});
            focusLater(fieldId('firstName'));
          }}
          onKeep={draft.declineOffer}
        />
      )}
      {draft.restored && <DraftRestored onStartOver={startOver} />}

      <ErrorSummary problems={problems} attempt={attempt} />

      <FormSection id="apply-section-personal" legend={t.sections.personal}>
        <div className="grid gap-5 sm:grid-cols-3">
          <TextField {...text('firstName')} required autoComplete="given-name" />
          <TextField {...text('middleName')} autoComplete="additional-name" />
          <TextField {...text('lastName')} required autoComplete="family-name" />
        </div>
        <TextField {...text('fullName')} required hint={t.hints.fullName} autoComplete="name" />
        <TextField {...text('email')} required type="email" autoComplete="email" />
        <div className="grid gap-5 sm:grid-cols-[minmax(0,16rem)_1fr]">
          <SelectField
            path="phoneCountry"
            label={t.labels.phoneCountry}
            value={v.phoneCountry}
            error={errors.phoneCountry ?? errors.phoneCountryCode}
            required
            onChange={handler('phoneCountry', (region: string) => {
              changed('phoneCountry', 'phoneCountryCode', 'phoneNumber');
              setValues((old) => ({ ...old, ...withPhoneRegion(region) }));
            })}
            options={phoneRegionOptions}
            fixedOptions
            autoComplete="country"
          />
          <TextField
            {...text('phoneNumber')}
            required
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            onChange={handler('phoneNumber.digits', (x: string) => set('phoneNumber', digitsOnly(x)))}
          />
        </div>
        <TextField {...text('address')} required multiline rows={3} autoComplete="street-address" />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField {...text('linkedin')} type="url" hint={t.hints.linkedin} autoComplete="url" />
          <TextField {...text('website')} type="url" hint={t.hints.website} autoComplete="url" />
        </div>
      </FormSection>

      <HydrateLater name="apply-location" as="div">
        <FormSection id="apply-section-location" legend={t.sections.location}>
          <div className="grid gap-5 sm:grid-cols-2">
            <SelectField {...text('locationPreference')} required options={locationOptions} />
            <TextField {...text('availabilityDate')} required type="date" />
          </div>
        </FormSection>
      </HydrateLater>

      <HydrateLater name="apply-work" as="div">
        <WorkSection
          entries={v.workExperiences}
          errors={errors}
          onChange={handler('workExperiences', (update: ListUpdate<WorkExperience>, path?: string) => setList('workExperiences', update, path))}
          focusLater={focusLater}
        />
      </HydrateLater>
      <HydrateLater name="apply-education" as="div">
        <EducationSection
          entries={v.educations}
          errors={errors}
          onChange={handler('educations', (update: ListUpdate<Education>, path?: string) => setList('educations', update, path))}
          focusLater={focusLater}
        />
      </HydrateLater>
      <HydrateLater name="apply-skills" as="div">
        <SkillsSection
          skills={v.skills}
          errors={errors}
          onChange={handler('skills', (list: string[], path?: string) => setList('skills', () => list, path))}
          focusLater={focusLater}
        />
      </HydrateLater>
      <HydrateLater name="apply-certifications" as="div">
        <CertificationsSection
          entries={v.certifications}
          files={files.certifications}
          errors={errors}
          onChange={handler('certifications', (update: CertificationsUpdate, path?: string) => {
            draft.changed();
            setErrors((e) => (path ? dropErrors(e, path) : dropErrors(e, 'certifications', 'certification')));
            if (update.entries) {
              const entries = update.entries;
              setValues((old) => ({ ...old, certifications: entries(old.certifications) }));
            }
            if (update.files) {
              const certFiles = update.files;
              setFiles((old) => ({ ...old, certifications: certFiles(old.certifications) }));
            }
          })}
          onRefused={handler('refuse', refuse)}
          focusLater={focusLater}
        />
      </HydrateLater>

      <HydrateLater name="apply-documents" as="div">
        <FormSection id="apply-section-documents" legend={t.sections.documents}>
          <FileField
            path={APPLICATION_PARTS.resume}
            label={t.labels.resume}
            required
            file={files.resume}
            accept={APPLICATION_OPTIONS.resumeExtensions}
            maxBytes={APPLICATION_LIMITS.resumeMaxBytes}
            error={errors.resume}
            check={checkResume}
            onChange={handler('resume', (f: File | null) => setFile('resume', f))}
            onRefused={handler('resume.refused', (problem: string) => {
              setFiles((old) => ({ ...old, resume: null }));
              refuse('resume', problem);
            })}
          />
          <TextField {...text('coverLetter')} multiline rows={6} />
        </FormSection>
      </HydrateLater>

      <HydrateLater name="apply-about" as="div">
        <FormSection id="apply-section-about" legend={t.sections.about}>
          <SelectField
            {...text('heardFrom')}
            required
            placeholder={t.choose}
            options={heardFromOptions}
          />
          <div className="space-y-3">
            <CheckboxField
              path="eligibleToWork"
              label={t.labels.eligibleToWork}
              checked={v.eligibleToWork}
              error={errors.eligibleToWork}
              onChange={handler('eligibleToWork', (c: boolean) => set('eligibleToWork', c))}
            />
            <CheckboxField
              path="willingToRelocate"
              label={t.labels.willingToRelocate}
              checked={v.willingToRelocate}
              error={errors.willingToRelocate}
              onChange={handler('willingToRelocate', (c: boolean) => set('willingToRelocate', c))}
            />
          </div>
          <div className="grid gap-5 sm:grid-cols-2">
            <SelectField {...text('gender')} options={APPLICATION_OPTIONS.genders} />
            <SelectField {...text('disabilityStatus')} options={APPLICATION_OPTIONS.disabilities} />
          </div>
        </FormSection>
      </HydrateLater>

      <HydrateLater name="apply-national-id" as="div">
        <FormSection id="apply-section-national-id" legend={t.sections.nationalId}>
          <div className="grid gap-5 sm:grid-cols-2">
            <SelectField {...text('nationalIdType')} required placeholder={t.choose} options={nationalIdTypeOptions} />
            <TextField {...text('nationalIdNumber')} required autoComplete="off" />
          </div>
          <FileField
            path={APPLICATION_PARTS.nationalIdDocument}
            label={t.labels.nationalIdDocument}
            required
            file={files.nationalIdDocument}
            accept={APPLICATION_OPTIONS.idDocumentExtensions}
            maxBytes={APPLICATION_LIMITS.documentMaxBytes}
            error={errors.nationalIdDocument}
            check={checkNationalIdDocument}
            onChange={handler('nationalIdDocument', (f: File | null) => setFile('nationalIdDocument', f))}
            onRefused={handler('nationalIdDocument.refused', (problem: string) => {
              setFiles((old) => ({ ...old, nationalIdDocument: null }));
              refuse('nationalIdDocument', problem);
            })}
          />
        </FormSection>
      </HydrateLater>

      <HydrateLater name="apply-consent" as="div">
        <FormSection id="apply-section-consent" legend={t.sections.consent}>
          <DataNotice />
          <CheckboxField path="consent" label={t.labels.consent} required checked={v.consent} error={errors.consent} onChange={handler('consent', (c: boolean) => set('consent', c))} />
        </FormSection>
      </HydrateLater>

      <HoneypotField id="apply-homepage" name="homepage" label={t.honeypot} value={homepage} onChange={setHomepage} />

      <div className="space-y-4">
        <p role="alert" className="font-semibold text-red-700 empty:hidden">
          {status.kind === 'failed' ? status.message : null}
        </p>
        {sending && <UploadProgress progress={status.progress} />}
        <noscript>
          <p className="font-medium text-accent-700">{t.noScript}</p>
        </noscript>
        <button
          type="submit"
          disabled={sending || !ready}
          className="inline-flex w-full items-center justify-center gap-2 rounded-lg bg-brand-700 px-6 py-3 text-lg font-semibold text-white shadow-sm transition-colors hover:bg-brand-800 disabled:cursor-wait disabled:bg-slate-600 sm:w-auto"
        >
          {sending && <Spinner />}
          {sending ? t.submitting : t.submit}
        </button>
      </div>
    </form>
  );
}

/** The body's size before the browser says (the multipart framing adds a little). */
function approximateSize(body: FormData): number {
  let n = 0;
  body.forEach((v) => (n += typeof v === 'string' ? v.length : v.size));
  return n;
}
