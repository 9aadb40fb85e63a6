import { memo } from 'react';
import copy from '../../../../content/apply.json';
import { type WorkExperience } from '../../gen/wire';
import { APPLICATION_LIMITS } from '../../gen/apply-rules';
import { fill } from '../../lib/text';
import { useHandlers } from '../../lib/use-handlers';
import { TextField } from './fields';
import { type Errors, type ListUpdate } from './form-parts';
import { emptyWork, fieldId, updated, without } from './form-state';
import { RepeatableSection } from './repeatable-section';

const t = copy;

interface Props {
  entries: WorkExperience[];
  errors: Errors;
  onChange(update: ListUpdate<WorkExperience>, changedPath?: string): void;
  /** Focus the element of this id once the change has rendered. */
  focusLater(id: string): void;
}

/** Earlier jobs: entries to add; each but the first can be removed. Renders again only when its props change. */
export const WorkSection = memo(function WorkSection({ entries, errors, onChange, focusLater }: Props) {
  const handler = useHandlers();
  return (
    <RepeatableSection
      id="apply-section-work"
      legend={t.sections.work}
      entries={entries}
      max={APPLICATION_LIMITS.maxWorkExperiences}
      entryName={(i) => fill(t.entry.work, { n: i + 1 })}
      removeText={t.remove}
      addText={t.addWork}
      keepFirst
      firstFieldId={(i) => fieldId(`workExperiences.${i}.jobTitle`)}
      onAdd={() => onChange((list) => [...list, emptyWork()])}
      onRemove={(i) => onChange((list) => without(list, i))}
      focusLater={focusLater}
    >
      {(w, i) => {
        const p = (k: keyof WorkExperience) => `workExperiences.${i}.${k}`;
        const set = (k: keyof WorkExperience) =>
          handler(p(k), (v: string) => onChange((list) => updated(list, i, (old) => ({ ...old, [k]: v })), p(k)));
        return (
          <>
            <TextField path={p('jobTitle')} label={t.labels.jobTitle} value={w.jobTitle} error={errors[p('jobTitle')]} onChange={set('jobTitle')} />
            <TextField path={p('companyName')} label={t.labels.companyName} value={w.companyName} error={errors[p('companyName')]} onChange={set('companyName')} />
            <TextField path={p('startDate')} type="date" label={t.labels.startDate} value={w.startDate} error={errors[p('startDate')]} onChange={set('startDate')} />
            <TextField
              path={p('endDate')}
              type="date"
              label={t.labels.endDate}
              hint={t.hints.endDate}
              value={w.endDate}
              error={errors[p('endDate')]}
              onChange={set('endDate')}
            />
            <TextField
              path={p('responsibilities')}
              multiline
              className="sm:col-span-2"
              label={t.labels.responsibilities}
              value={w.responsibilities}
              error={errors[p('responsibilities')]}
              onChange={set('responsibilities')}
            />
          </>
        );
      }}
    </RepeatableSection>
  );
});
