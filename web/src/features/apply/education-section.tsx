import copy from '../../../../content/apply.json';
import { type Education } from '../../gen/wire';
import { APPLICATION_LIMITS, APPLICATION_OPTIONS } from '../../gen/apply-rules';
import { fill } from '../../lib/text';
import { asOptions, SelectField, TextField } from './fields';
import { EntryGroup, FormSection, removeButton, secondaryButton, type Errors } from './form-parts';
import { emptyEducation, fieldId, isBoardLevel, replaced, scoreMax, withScoreType, without } from './form-state';

const t = copy;

interface Props {
  entries: Education[];
  errors: Errors;
  onChange(entries: Education[], changedPath?: string): void;
  focusLater(id: string): void;
}

/** e at another level: a board level keeps a board name, the others a degree and field. */
function withLevel(e: Education, level: string): Education {
  if (isBoardLevel(level) === isBoardLevel(e.level)) return { ...e, level };
  return isBoardLevel(level) ? { ...e, level, degree: '', fieldOfStudy: '' } : { ...e, level, boardName: '' };
}

/** Qualifications: entries to add; each but the first can be removed. */
export function EducationSection({ entries, errors, onChange, focusLater }: Props) {
  const add = () => {
    onChange([...entries, emptyEducation()]);
    focusLater(fieldId(`educations.${entries.length}.level`));
  };
  const remove = (i: number) => {
    onChange(without(entries, i));
    focusLater(fieldId(`educations.${i - 1}.level`));
  };
  return (
    <FormSection id="apply-section-education" legend={t.sections.education}>
      {entries.map((e, i) => {
        const p = (k: keyof Education) => `educations.${i}.${k}`;
        const put = (next: Education, k: keyof Education) => onChange(replaced(entries, i, next), p(k));
        const set = (k: keyof Education) => (v: string) => put({ ...e, [k]: v }, k);
        const entry = fill(t.entry.education, { n: i + 1 });
        const max = scoreMax(e.scoreType);
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
            <SelectField
              path={p('level')}
              label={t.labels.level}
              placeholder={t.choose}
              options={asOptions(APPLICATION_OPTIONS.educationLevels)}
              value={e.level}
              error={errors[p('level')]}
              onChange={(v) => put(withLevel(e, v), 'level')}
            />
            <TextField path={p('institution')} label={t.labels.institution} value={e.institution} error={errors[p('institution')]} onChange={set('institution')} />
            {isBoardLevel(e.level) ? (
              <TextField
                path={p('boardName')}
                className="sm:col-span-2"
                label={t.labels.boardName}
                value={e.boardName}
                error={errors[p('boardName')]}
                onChange={set('boardName')}
              />
            ) : (
              <>
                <TextField path={p('degree')} label={t.labels.degree} value={e.degree} error={errors[p('degree')]} onChange={set('degree')} />
                <TextField
                  path={p('fieldOfStudy')}
                  label={t.labels.fieldOfStudy}
                  value={e.fieldOfStudy}
                  error={errors[p('fieldOfStudy')]}
                  onChange={set('fieldOfStudy')}
                />
              </>
            )}
            <SelectField
              path={p('location')}
              label={t.labels.eduLocation}
              placeholder={t.choose}
              options={asOptions(APPLICATION_OPTIONS.indianStates)}
              value={e.location}
              error={errors[p('location')]}
              onChange={set('location')}
            />
            <TextField
              path={p('graduationDate')}
              type="date"
              label={t.labels.graduationDate}
              value={e.graduationDate}
              error={errors[p('graduationDate')]}
              onChange={set('graduationDate')}
            />
            <SelectField
              path={p('scoreType')}
              label={t.labels.scoreType}
              options={APPLICATION_OPTIONS.scoreTypes}
              value={e.scoreType}
              error={errors[p('scoreType')]}
              onChange={(v) => put(withScoreType(e, v), 'score')}
            />
            <TextField
              path={p('score')}
              type="number"
              inputMode="decimal"
              min={0}
              max={max}
              step={0.01}
              label={t.labels.score}
              hint={fill(t.hints.score, { max })}
              value={e.score}
              error={errors[p('score')]}
              onChange={set('score')}
            />
          </EntryGroup>
        );
      })}
      {entries.length < APPLICATION_LIMITS.maxEducations && (
        <button type="button" className={secondaryButton} onClick={add}>
          {t.addEducation}
        </button>
      )}
    </FormSection>
  );
}
