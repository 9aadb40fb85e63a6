import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useEffect, useRef, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { RepeatableSection } from './repeatable-section';

/** A section of plain notes around RepeatableSection, with focus served after each render as the form does. */
function Notes({ initial, max = 3, keepFirst, addId }: { initial: string[]; max?: number; keepFirst?: boolean; addId?: string }) {
  const [notes, setNotes] = useState(initial);
  const target = useRef<string | null>(null);
  useEffect(() => {
    if (target.current) document.getElementById(target.current)?.focus();
    target.current = null;
  });
  return (
    <RepeatableSection
      id="notes"
      legend="Notes"
      entries={notes}
      max={max}
      entryName={(i) => `Note ${i + 1}`}
      removeText="Remove"
      addText="Add Note"
      addId={addId}
      keepFirst={keepFirst}
      firstFieldId={(i) => `note-${i}`}
      onAdd={() => setNotes((list) => [...list, ''])}
      onRemove={(i) => setNotes((list) => list.filter((_, j) => j !== i))}
      focusLater={(id) => (target.current = id)}
    >
      {(note, i) => (
        <label>
          Text
          <input id={`note-${i}`} value={note} onChange={(e) => setNotes((list) => list.map((x, j) => (j === i ? e.target.value : x)))} />
        </label>
      )}
    </RepeatableSection>
  );
}

const texts = () => screen.queryAllByLabelText('Text').map((e) => (e as HTMLInputElement).value);

describe('RepeatableSection', () => {
  afterEach(cleanup);

  it('is a named group of named entries, each with a remove button that says which entry it removes', () => {
    render(<Notes initial={['a', 'b']} />);
    expect(screen.getByRole('group', { name: 'Notes' })).toBeTruthy();
    const second = screen.getByRole('group', { name: 'Note 2' });
    const remove = screen.getByRole('button', { name: 'Remove Note 2' });
    expect(second.contains(remove)).toBe(true);
    expect(remove.querySelector('.sr-only')!.textContent).toBe('Note 2');
    expect(screen.getByRole('button', { name: 'Remove Note 1' })).toBeTruthy();
  });

  it('keeps the first entry when asked: it has no remove button', () => {
    render(<Notes initial={['a', 'b']} keepFirst />);
    expect(screen.queryByRole('button', { name: 'Remove Note 1' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove Note 2' })).toBeTruthy();
  });

  it('adds an entry below the last and focuses its first field; no Add button at the limit', () => {
    render(<Notes initial={['a', 'b']} max={3} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add Note' }));
    expect(texts()).toEqual(['a', 'b', '']);
    expect(document.activeElement?.id).toBe('note-2');
    expect(screen.queryByRole('button', { name: 'Add Note' })).toBeNull();
  });

  it('after a removal focuses the entry before, or the next one when the first went', () => {
    render(<Notes initial={['a', 'b', 'c']} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Note 3' }));
    expect(texts()).toEqual(['a', 'b']);
    expect(document.activeElement?.id).toBe('note-1');
    fireEvent.click(screen.getByRole('button', { name: 'Remove Note 1' }));
    expect(texts()).toEqual(['b']);
    expect(document.activeElement?.id).toBe('note-0');
    expect(screen.getByRole('button', { name: 'Add Note' })).toBeTruthy();
  });

  it('focuses the Add button when the last entry went', () => {
    render(<Notes initial={['a']} addId="add-note" />);
    act(() => screen.getByRole('button', { name: 'Remove Note 1' }).click());
    expect(texts()).toEqual([]);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add Note' }));
    expect(document.activeElement?.id).toBe('add-note');
  });
});
