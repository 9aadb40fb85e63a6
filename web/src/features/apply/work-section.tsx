import copy from '../../../../content/apply.json';
import { type WorkExperience } from '../../gen/wire';
import { APPLICATION_LIMITS } from '../../gen/apply-rules';
import { fill } from '../../lib/text';
import { TextField } from './fields';
import { EntryGroup, FormSection, removeButton, secondaryButton, type Errors } from './form-parts';
import { emptyWork, fieldId, replaced, without } from './form-state';

const t = copy;

interface Props {
  entries: WorkExperience[];
  errors: Errors;
  onChange(entries: WorkExperience[], changedPath?: string): void;
  /** Focus the element of this id once the change has rendered. */
  focusLater(id: string): void;
}

/** Earlier jobs: entries to add; each but the first can be removed. */
export function WorkSection({ entries, errors, onChange, focusLater }: Props) {
  const add = () => {
    onChange([...entries, emptyWork()]);
    focusLater(fieldId(`workExperiences.${entries.length}.jobTitle`));
  };
  const remove = (i: number) => {
    onChange(without(entries, i));
    focusLater(fieldId(`workExperiences.${i - 1}.jobTitle`));
  };
  return (
    <FormSection id="apply-section-work" legend={t.sections.work}>
      {entries.map((w, i) => {
        const p = (k: keyof WorkExperience) => `workExperiences.${i}.${k}`;
        const set = (k: keyof WorkExperience) => (v: string) => onChange(replaced(entries, i, { ...w, [k]: v }), p(k));
        const entry = fill(t.entry.work, { n: i + 1 });
        return (
          <EntryGroup
            key={i}
            legend={entry}
            action={
              i > 0 && (
                <button type="button" className={removeButton} onClick={() => remove(i)}>
                  {t.remove}{' '}
                  <span className="sr-only">{entry}</span>
                </button>
              )
            }
          >
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
          </EntryGroup>
        );
      })}
      {entries.length < APPLICATION_LIMITS.maxWorkExperiences && (
        <button type="button" className={secondaryButton} onClick={add}>
          {t.addWork}
        </button>
      )}
    </FormSection>
  );
}
