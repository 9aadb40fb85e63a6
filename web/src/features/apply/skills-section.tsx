import { memo, useState, type KeyboardEvent } from 'react';
import copy from '../../../../content/apply.json';
import { APPLICATION_LIMITS } from '../../gen/apply-rules';
import { fill } from '../../lib/text';
import { control, FieldError } from './fields';
import { FormSection, secondaryButton, type Errors } from './form-parts';
import { fieldId, withSkill, without } from './form-state';

const t = copy;

interface Props {
  skills: string[];
  errors: Errors;
  onChange(skills: string[], changedPath?: string): void;
  focusLater(id: string): void;
}

/** Skills as chips: type one, Add (or Enter), delete any. Renders again only when its props (or what is typed) change. */
export const SkillsSection = memo(function SkillsSection({ skills, errors, onChange, focusLater }: Props) {
  const [draft, setDraft] = useState('');
  const inputId = fieldId('skills');
  const full = skills.length >= APPLICATION_LIMITS.maxSkills;

  function add() {
    const next = withSkill(skills, draft);
    if (next.length !== skills.length) onChange(next, 'skills');
    setDraft('');
    focusLater(inputId);
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    // Enter adds the skill instead of sending the whole form.
    if (e.key === 'Enter') {
      e.preventDefault();
      add();
    }
  }

  function remove(i: number) {
    onChange(without(skills, i), `skills.${i}`);
    focusLater(skills.length > 1 ? fieldId(`skills.${Math.max(0, i - 1)}`) : inputId);
  }

  const error = errors.skills;
  return (
    <FormSection id="apply-section-skills" legend={t.sections.skills} labelFor={inputId}>
      <div>
        <p id={`${inputId}-hint`} className="text-sm text-slate-600">
          {t.hints.skill}
        </p>
        <div className="flex gap-2">
          <input
            id={inputId}
            type="text"
            value={draft}
            disabled={full}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={onKeyDown}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${inputId}-hint ${inputId}-error` : `${inputId}-hint`}
            className={`${control} ${error ? 'border-red-700' : 'border-slate-400'} min-w-0 flex-1`}
          />
          <button type="button" className={`${secondaryButton} mt-1.5`} onClick={add} disabled={full}>
            {t.addSkill}{' '}
            <span className="sr-only">{t.addSkillHidden}</span>
          </button>
        </div>
        <FieldError id={`${inputId}-error`}>{error}</FieldError>
      </div>
      {skills.length === 0 ? (
        <p className="text-sm text-slate-600">{t.noSkills}</p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {skills.map((s, i) => {
            const path = `skills.${i}`;
            const problem = errors[path];
            return (
              <li key={s} className="flex flex-col">
                <span
                  className={`inline-flex items-center gap-1 rounded-full py-1 pr-1 pl-3 text-sm font-medium ${problem ? 'bg-red-50 text-red-800 ring-1 ring-red-700' : 'bg-brand-50 text-brand-900 ring-1 ring-brand-200'}`}
                >
                  {s}
                  <button
                    type="button"
                    id={fieldId(path)}
                    aria-label={fill(t.deleteSkill, { skill: s })}
                    title={fill(t.deleteSkill, { skill: s })}
                    aria-describedby={problem ? `${fieldId(path)}-error` : undefined}
                    onClick={() => remove(i)}
                    className="inline-flex size-7 items-center justify-center rounded-full hover:bg-white/70"
                  >
                    <svg viewBox="0 0 20 20" width="14" height="14" aria-hidden="true" focusable="false" className="fill-current">
                      <path d="M5.3 4 10 8.7 14.7 4 16 5.3 11.3 10l4.7 4.7-1.3 1.3L10 11.3 5.3 16 4 14.7 8.7 10 4 5.3Z" />
                    </svg>
                  </button>
                </span>
                <FieldError id={`${fieldId(path)}-error`}>{problem}</FieldError>
              </li>
            );
          })}
        </ul>
      )}
    </FormSection>
  );
});
