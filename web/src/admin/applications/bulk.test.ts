import { describe, expect, it } from 'vitest';
import { allSelected, selectedIds, toggled, toggledAll } from './bulk';

describe('bulk selection', () => {
  const page = ['a', 'b', 'c'];

  it('ticks and unticks one row', () => {
    const one = toggled(new Set(), 'b');
    expect([...one]).toEqual(['b']);
    expect([...toggled(one, 'b')]).toEqual([]);
  });

  it('selects all on the page, or none when all were', () => {
    const all = toggledAll(new Set(['b']), page);
    expect(allSelected(all, page)).toBe(true);
    expect([...toggledAll(all, page)]).toEqual([]);
    expect(allSelected(new Set(), [])).toBe(false);
  });

  it('sends the ticked IDs in the page order, without rows gone from the page', () => {
    expect(selectedIds(new Set(['c', 'gone', 'a']), page)).toEqual(['a', 'c']);
  });
});
