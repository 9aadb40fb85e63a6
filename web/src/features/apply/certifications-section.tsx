import { memo } from 'react';
import copy from '../../../../content/apply.json';
import { type CertificationName } from '../../gen/wire';
import { APPLICATION_LIMITS, APPLICATION_OPTIONS } from '../../gen/apply-rules';
import { fill } from '../../lib/text';
import { useHandlers } from '../../lib/use-handlers';
import { FileField, TextField } from './fields';
import { type Errors, type ListUpdate } from './form-parts';
import { certificationPart, fieldId, replaced, without } from './form-state';
import { RepeatableSection } from './repeatable-section';
import { fileProblem } from './rules';

const t = copy;

/** A change to the certifications: to their names, their documents, or both (an entry added or removed). */
export interface CertificationsUpdate {
  entries?: ListUpdate<CertificationName>;
  files?: ListUpdate<File | null>;
}

interface Props {
  entries: CertificationName[];
  files: (File | null)[];
  errors: Errors;
  onChange(update: CertificationsUpdate, changedPath?: string): void;
  onRefused(path: string, problem: string): void;
  /** Focus the element of this id once the change has rendered. */
  focusLater(id: string): void;
}

/** Certifications: a name and a document each; any can be deleted. Renders again only when its props change. */
export const CertificationsSection = memo(function CertificationsSection({ entries, files, errors, onChange, onRefused, focusLater }: Props) {
  const handler = useHandlers();
  const setFile = (i: number, f: File | null) => onChange({ files: (list) => replaced(padded(list, entries.length), i, f) }, certificationPart(i));
  return (
    <RepeatableSection
      id="apply-section-certifications"
      legend={t.sections.certifications}
      entries={entries}
      max={APPLICATION_LIMITS.maxCertifications}
      entryName={(i) => fill(t.certificationEntry, { n: i + 1 })}
      removeText={t.deleteCertification}
      addText={t.addCertification}
      addId="apply-add-certification"
      firstFieldId={(i) => fieldId(`certifications.${i}.name`)}
      onAdd={() => onChange({ entries: (list) => [...list, { name: '' }], files: (list) => [...list, null] })}
      onRemove={(i) => onChange({ entries: (list) => without(list, i), files: (list) => without(list, i) })}
      focusLater={focusLater}
    >
      {(c, i) => {
        const namePath = `certifications.${i}.name`;
        const part = certificationPart(i);
        return (
          <>
            <TextField
              path={namePath}
              label={t.labels.certificationName}
              value={c.name}
              error={errors[namePath]}
              onChange={handler(namePath, (v: string) => onChange({ entries: (list) => replaced(list, i, { name: v }) }, namePath))}
            />
            <FileField
              path={part}
              label={t.labels.certificationDocument}
              file={files[i] ?? null}
              accept={APPLICATION_OPTIONS.certificationExtensions}
              maxBytes={APPLICATION_LIMITS.documentMaxBytes}
              error={errors[part]}
              check={handler(`${part}.check`, (f: File) => fileProblem(part, f))}
              onChange={handler(part, (f: File | null) => setFile(i, f))}
              onRefused={handler(`${part}.refused`, (problem: string) => {
                setFile(i, null);
                onRefused(part, problem);
              })}
            />
          </>
        );
      }}
    </RepeatableSection>
  );
});

/** files with a slot for every entry. */
function padded(files: (File | null)[], n: number): (File | null)[] {
  return Array.from({ length: n }, (_, i) => files[i] ?? null);
}
