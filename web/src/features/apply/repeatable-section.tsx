import type { ReactNode } from 'react';
import { EntryGroup, FormSection, removeButton, secondaryButton } from './form-parts';

interface Props<T> {
  /** The section's id and legend. */
  id: string;
  legend: string;
  entries: readonly T[];
  /** How many entries there may be: the Add button goes at the limit. */
  max: number;
  /** Entry i's name: its legend, and what its remove button says it removes. */
  entryName(i: number): string;
  /** The remove button's visible word ("Remove", "Delete"). */
  removeText: string;
  addText: string;
  /** The Add button's id: focused when the last entry went, so focus is not lost. */
  addId?: string;
  /** Whether the first entry stays (work, education): then only later ones have a remove button. */
  keepFirst?: boolean;
  /** The id of entry i's first field: focused when it was added, and after a removal (the entry before, or the next). */
  firstFieldId(i: number): string;
  onAdd(): void;
  onRemove(i: number): void;
  /** Focus the element of this id once the change has rendered. */
  focusLater(id: string): void;
  /** The fields of one entry. */
  children(entry: T, i: number): ReactNode;
}

/**
 * A section of entries the visitor adds and removes (jobs, qualifications,
 * certifications): each entry a group named by its number with a remove
 * button, and an Add button below while there is room. Focus follows the
 * change: into a new entry, and after a removal to the entry that takes
 * its place in the reading order.
 */
export function RepeatableSection<T>(props: Props<T>) {
  const { id, legend, entries, max, entryName, removeText, addText, addId, keepFirst, firstFieldId, onAdd, onRemove, focusLater, children } = props;

  const add = () => {
    onAdd();
    focusLater(firstFieldId(entries.length));
  };
  const remove = (i: number) => {
    onRemove(i);
    const next = entries.length > 1 ? firstFieldId(Math.max(0, i - 1)) : addId;
    if (next) focusLater(next);
  };

  return (
    <FormSection id={id} legend={legend}>
      {entries.map((entry, i) => {
        const name = entryName(i);
        return (
          <EntryGroup
            key={i}
            legend={name}
            action={
              (!keepFirst || i > 0) && (
                <button type="button" className={removeButton} onClick={() => remove(i)}>
                  {removeText}{' '}
                  <span className="sr-only">{name}</span>
                </button>
              )
            }
          >
            {children(entry, i)}
          </EntryGroup>
        );
      })}
      {entries.length < max && (
        <button type="button" id={addId} className={secondaryButton} onClick={add}>
          {addText}
        </button>
      )}
    </FormSection>
  );
}
