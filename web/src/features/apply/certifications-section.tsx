import copy from '../../../../content/apply.json';
import { type CertificationName } from '../../gen/wire';
import { APPLICATION_LIMITS, APPLICATION_OPTIONS } from '../../gen/apply-rules';
import { fill } from '../../lib/text';
import { FileField, TextField } from './fields';
import { EntryGroup, FormSection, removeButton, secondaryButton, type Errors } from './form-parts';
import { certificationPart, fieldId, replaced, without } from './form-state';
import { fileProblem } from './rules';

const t = copy;

interface Props {
  entries: CertificationName[];
  files: (File | null)[];
  errors: Errors;
  onChange(entries: CertificationName[], files: (File | null)[], changedPath?: string): void;
  onRefused(path: string, problem: string): void;
  focusLater(id: string): void;
}

/** Certifications: a name and a document each; any can be deleted. */
export function CertificationsSection({ entries, files, errors, onChange, onRefused, focusLater }: Props) {
  const add = () => {
    onChange([...entries, { name: '' }], [...files, null]);
    focusLater(fieldId(`certifications.${entries.length}.name`));
  };
  const remove = (i: number) => {
    onChange(without(entries, i), without(files, i));
    focusLater(entries.length > 1 ? fieldId(`certifications.${Math.max(0, i - 1)}.name`) : 'apply-add-certification');
  };
  return (
    <FormSection id="apply-section-certifications" legend={t.sections.certifications}>
      {entries.map((c, i) => {
        const namePath = `certifications.${i}.name`;
        const part = certificationPart(i);
        const entry = fill(t.certificationEntry, { n: i + 1 });
        return (
          <EntryGroup
            key={i}
            legend={entry}
            action={
              <button type="button" className={removeButton} onClick={() => remove(i)}>
                {t.deleteCertification}{' '}
                <span className="sr-only">{entry}</span>
              </button>
            }
          >
            <TextField
              path={namePath}
              label={t.labels.certificationName}
              value={c.name}
              error={errors[namePath]}
              onChange={(v) => onChange(replaced(entries, i, { name: v }), files, namePath)}
            />
            <FileField
              path={part}
              label={t.labels.certificationDocument}
              file={files[i] ?? null}
              accept={APPLICATION_OPTIONS.certificationExtensions}
              maxBytes={APPLICATION_LIMITS.documentMaxBytes}
              error={errors[part]}
              check={(f) => fileProblem(part, f)}
              onChange={(f) => onChange(entries, replaced(padded(files, entries.length), i, f), part)}
              onRefused={(problem) => {
                onChange(entries, replaced(padded(files, entries.length), i, null), part);
                onRefused(part, problem);
              }}
            />
          </EntryGroup>
        );
      })}
      {entries.length < APPLICATION_LIMITS.maxCertifications && (
        <button type="button" id="apply-add-certification" className={secondaryButton} onClick={add}>
          {t.addCertification}
        </button>
      )}
    </FormSection>
  );
}

/** files with a slot for every entry. */
function padded(files: (File | null)[], n: number): (File | null)[] {
  return Array.from({ length: n }, (_, i) => files[i] ?? null);
}
