import { memo } from 'react';
import copy from '../../../../content/apply.json';
import { type Education } from '../../gen/wire';
import { APPLICATION_LIMITS, APPLICATION_OPTIONS } from '../../gen/apply-rules';
import { fill } from '../../lib/text';
import { useHandlers } from '../../lib/use-handlers';
import { asOptions, SelectField, TextField } from './fields';
import { type Errors, type ListUpdate } from './form-parts';
import { emptyEducation, fieldId, isBoardLevel, scoreMax, updated, withScoreType, without } from './form-state';
import { RepeatableSection } from './repeatable-section';

const t = copy;

interface Props {
  entries: Education[];
  errors: Errors;
  onChange(update: ListUpdate<Education>, changedPath?: string): void;
  /** Focus the element of this id once the change has rendered. */
  focusLater(id: string): void;
}

/** e at another level: a board level keeps a board name, the others a degree and field. */
function withLevel(e: Education, level: string): Education {
  if (isBoardLevel(level) === isBoardLevel(e.level)) return { ...e, level };
  return isBoardLevel(level) ? { ...e, level, degree: '', fieldOfStudy: '' } : { ...e, level, boardName: '' };
}

const levelOptions = asOptions(APPLICATION_OPTIONS.educationLevels);
const stateOptions = asOptions(APPLICATION_OPTIONS.indianStates);

/** Qualifications: entries to add; each but the first can be removed. Renders again only when its props change. */
export const EducationSection = memo(function EducationSection({ entries, errors, onChange, focusLater }: Props) {
  const handler = useHandlers();
  return (
    <RepeatableSection
      id="apply-section-education"
      legend={t.sections.education}
      entries={entries}
      max={APPLICATION_LIMITS.maxEducations}
      entryName={(i) => fill(t.entry.education, { n: i + 1 })}
      removeText={t.remove}
      addText={t.addEducation}
      keepFirst
      firstFieldId={(i) => fieldId(`educations.${i}.level`)}
      onAdd={() => onChange((list) => [...list, emptyEducation()])}
      onRemove={(i) => onChange((list) => without(list, i))}
      focusLater={focusLater}
    >
      {(e, i) => {
        const p = (k: keyof Education) => `educations.${i}.${k}`;
        const put = (change: (old: Education) => Education, k: keyof Education) => onChange((list) => updated(list, i, change), p(k));
        const set = (k: keyof Education) => handler(p(k), (v: string) => put((old) => ({ ...old, [k]: v }), k));
        const max = scoreMax(e.scoreType);
        return (
          <>
            <SelectField
              path={p('level')}
              label={t.labels.level}
              placeholder={t.choose}
              options={levelOptions}
              value={e.level}
              error={errors[p('level')]}
              onChange={handler(`${p('level')}.level`, (v: string) => put((old) => withLevel(old, v), 'level'))}
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
              options={stateOptions}
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
              onChange={handler(`${p('scoreType')}.scoreType`, (v: string) => put((old) => withScoreType(old, v), 'score'))}
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
          </>
        );
      }}
    </RepeatableSection>
  );
});
