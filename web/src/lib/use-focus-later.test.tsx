import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useFocusLater } from './use-focus-later';

/** A list whose Add button focuses the new item, which is not in the page until the list renders again. */
function List({ later = true }: { later?: boolean }) {
  const [items, setItems] = useState<number[]>([]);
  const focusLater = useFocusLater();
  const add = () => {
    const id = `item-${items.length}`;
    setItems((list) => [...list, list.length]);
    if (later) focusLater(id);
    else document.getElementById(id)?.focus();
  };
  return (
    <>
      {items.map((i) => (
        <input key={i} id={`item-${i}`} aria-label={`Item ${i}`} />
      ))}
      <button type="button" onClick={add}>
        Add
      </button>
      <button type="button" onClick={() => setItems((list) => [...list])}>
        Render
      </button>
    </>
  );
}

describe('useFocusLater', () => {
  afterEach(cleanup);

  it('focuses an element that appears with the change that asked for it', () => {
    render(<List />);
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Item 0'));
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Item 1'));
  });

  it('is needed: focusing at once finds nothing to focus', () => {
    render(<List later={false} />);
    const add = screen.getByRole('button', { name: 'Add' });
    add.focus();
    fireEvent.click(add);
    expect(document.activeElement).toBe(add);
  });

  it('focuses once: a later render leaves focus where the visitor put it', () => {
    render(<List />);
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    const render2 = screen.getByRole('button', { name: 'Render' });
    render2.focus();
    fireEvent.click(render2);
    expect(document.activeElement).toBe(render2);
  });
});
