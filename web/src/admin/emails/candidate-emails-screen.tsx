// Candidate e-mails (recruiters and admins): the confirmation applicants
// get when they apply and the three e-mails staff send from the pipeline,
// each editable with a live preview of the unsaved text that the server
// renders for a sample application through the code that sends it:
// subject, plain text, and the HTML part in a sandboxed frame (no
// scripts, no same origin). Placeholders outside the list are refused by
// the server, with their names.
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { CandidateEmail, CandidateEmailPreview } from '../../gen/wire';
import { adminPath, adminSend, adminSendQuietly } from '../api';
import { ErrorText, failureText } from '../ui/alert';
import { formatWhen } from '../ui/format';
import { heading1, heading2, hint, input, label as labelClass, primaryButton, secondaryButton } from '../ui/styles';
import { useAdminData } from '../ui/use-admin-data';
import { stageLabel, stageNote } from './candidate-mail';

/** How long typing pauses before the preview is asked for, in ms. */
export const PREVIEW_DELAY = 400;

export default function CandidateEmailsScreen() {
  const { data, error, reload } = useAdminData('/candidate-emails');
  const [editing, setEditing] = useState('');
  const [notice, setNotice] = useState('');
  return (
    <div className="space-y-4">
      <h1 className={heading1}>Candidate e-mails</h1>
      <p className="max-w-prose text-sm">
        The e-mails applicants get: the confirmation when they apply, and the others when you move their application and tick “Notify the
        candidate”. Write plain text; these placeholders are filled in for each applicant:{' '}
        {(data?.placeholders ?? []).map((p) => `{${p}}`).join(', ')}. The e-mail is sent as plain text and as HTML made from the same text.
      </p>
      {notice && <p role="status">{notice}</p>}
      {error && <ErrorText>Could not load the candidate e-mails. {error}</ErrorText>}
      {!data && !error && <p role="status">Loading the candidate e-mails…</p>}
      {data?.templates.map((t) =>
        editing === t.stage ? (
          <TemplateEditor
            key={t.stage}
            template={t}
            onDone={(saved) => {
              setEditing('');
              if (saved) {
                setNotice(`Saved the ${stageLabel(t.stage).toLowerCase()} e-mail.`);
                reload();
              }
            }}
          />
        ) : (
          <section key={t.stage} className="rounded-md border border-slate-300 bg-white p-4" aria-labelledby={`tpl-${t.stage}`}>
            <h2 id={`tpl-${t.stage}`} className={heading2}>
              {stageLabel(t.stage)}
            </h2>
            <p className="text-sm">
              <span className="font-medium">Subject:</span> {t.subject}
            </p>
            <p className={hint}>{t.default ? 'The default text.' : `Edited by ${t.updatedBy} ${formatWhen(t.updatedAt)}.`}</p>
            {stageNote(t.stage) && <p className={hint}>{stageNote(t.stage)}</p>}
            <button
              type="button"
              className={`${secondaryButton} mt-2`}
              aria-label={`Edit the ${stageLabel(t.stage).toLowerCase()} e-mail`}
              onClick={() => {
                setNotice('');
                setEditing(t.stage);
              }}
            >
              Edit
            </button>
          </section>
        ),
      )}
    </div>
  );
}

function TemplateEditor({ template, onDone }: { template: CandidateEmail; onDone: (saved: boolean) => void }) {
  const id = useId();
  const [subject, setSubject] = useState(template.subject);
  const [body, setBody] = useState(template.body);
  const [preview, setPreview] = useState<CandidateEmailPreview | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      adminSendQuietly('POST', adminPath('/candidate-emails/{stage}/preview', { stage: template.stage }), { subject, body }).then(
        (p) => {
          if (!live) return;
          setPreview(p);
          setFields({});
        },
        (e: unknown) => {
          if (!live) return;
          setPreview(null);
          setFields(fieldsOf(e));
        },
      );
    }, PREVIEW_DELAY);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [template.stage, subject, body]);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError('');
    try {
      await adminSend('PUT', adminPath('/candidate-emails/{stage}', { stage: template.stage }), { subject, body });
      onDone(true);
    } catch (err) {
      setFields(fieldsOf(err));
      setError(failureText(err));
      setBusy(false);
    }
  };

  return (
    <section className="rounded-md border border-blue-300 bg-white p-4" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className={heading2}>
        Edit: {stageLabel(template.stage)}
      </h2>
      <form onSubmit={save} className="mt-2 grid gap-4 lg:grid-cols-2">
        <div className="space-y-3">
          <div className="space-y-1">
            <label htmlFor={`${id}-subject`} className={labelClass}>
              Subject
            </label>
            <input
              id={`${id}-subject`}
              className={`${input} w-full`}
              value={subject}
              maxLength={200}
              aria-invalid={fields.subject ? true : undefined}
              aria-describedby={fields.subject ? `${id}-subject-error` : undefined}
              onChange={(e) => setSubject(e.target.value)}
            />
            {fields.subject && (
              <p id={`${id}-subject-error`} className="text-sm text-red-700">
                {fields.subject}
              </p>
            )}
          </div>
          <div className="space-y-1">
            <label htmlFor={`${id}-body`} className={labelClass}>
              Text
            </label>
            <textarea
              id={`${id}-body`}
              className={`${input} h-80 w-full font-mono`}
              value={body}
              aria-invalid={fields.body ? true : undefined}
              aria-describedby={fields.body ? `${id}-body-error` : undefined}
              onChange={(e) => setBody(e.target.value)}
            />
            {fields.body && (
              <p id={`${id}-body-error`} className="text-sm text-red-700">
                {fields.body}
              </p>
            )}
          </div>
          {error && <ErrorText>{error}</ErrorText>}
          <div className="flex gap-2">
            <button type="submit" className={primaryButton} disabled={busy}>
              Save
            </button>
            <button type="button" className={secondaryButton} onClick={() => onDone(false)}>
              Cancel
            </button>
          </div>
        </div>
        <EmailPreview id={id} preview={preview} refused={Object.keys(fields).length > 0} />
      </form>
    </section>
  );
}

/**
 * The server's rendering of the text being edited, for a sample
 * applicant: the subject, the plain text, and the HTML part in a frame
 * sandboxed without scripts (its HTML is the server's, built from the
 * escaped text, but it is shown as a page of its own all the same).
 */
function EmailPreview({ id, preview, refused }: { id: string; preview: CandidateEmailPreview | null; refused: boolean }) {
  return (
    <section className="min-w-0 space-y-2" aria-labelledby={`${id}-preview`}>
      <h3 id={`${id}-preview`} className="text-base font-semibold">
        Preview for a sample applicant
      </h3>
      <p className={hint}>Made by the server from the text as typed (not yet saved), as the e-mail is sent.</p>
      <div aria-live="polite">
        {preview ? (
          <div className="space-y-3 rounded-md border border-slate-300 bg-slate-50 p-3 text-sm">
            <p>
              <span className="font-medium">Subject:</span> <span data-testid="preview-subject">{preview.subject}</span>
            </p>
            <div>
              <h4 id={`${id}-preview-text`} className="font-medium">
                Plain version
              </h4>
              <pre
                data-testid="preview-text"
                role="region"
                aria-labelledby={`${id}-preview-text`}
                className="mt-1 max-h-96 overflow-auto rounded border border-slate-200 bg-white p-2 font-sans break-words whitespace-pre-wrap"
                // Scrollable, so keyboard users can scroll it. Its name has
                // no "text", which would make it a second "Text" field.
                tabIndex={0}
              >
                {preview.text}
              </pre>
            </div>
            <div>
              <h4 className="font-medium">HTML version</h4>
              <iframe
                title="HTML version of the e-mail"
                data-testid="preview-html"
                sandbox=""
                srcDoc={preview.html}
                className="mt-1 h-96 w-full rounded border border-slate-200 bg-white"
              />
            </div>
          </div>
        ) : (
          <p className={hint}>{refused ? 'Correct the text to see the preview.' : 'Preparing the preview…'}</p>
        )}
      </div>
    </section>
  );
}

/** The field errors of a failed request ({} when it has none). */
function fieldsOf(e: unknown): Record<string, string> {
  const f = (e as { fields?: Record<string, string> } | null)?.fields;
  return f && typeof f === 'object' ? f : {};
}
