import { describe, expect, it } from 'vitest';
import { filterParams, readListQuery, toggleSort, withFilters, writeListQuery } from './list-query';

const read = (s: string) => readListQuery(new URLSearchParams(s));

describe('the applications table state in the URL query', () => {
  it('defaults to every job and status, newest first, page 1, spam left out', () => {
    expect(read('')).toEqual({
      job: '',
      status: '',
      source: '',
      from: '',
      to: '',
      q: '',
      spam: false,
      sort: 'applied',
      dir: 'desc',
      page: 1,
    });
    expect(writeListQuery(read(''))).toBe('');
  });

  it('round-trips every filter, the order and the page', () => {
    const s = 'job=j1&status=interview&source=linkedin&from=2026-11-01&to=2026-11-30&q=asha+rao&spam=1&sort=name&dir=desc&page=3';
    expect(writeListQuery(read(s))).toBe(s);
  });

  it('drops values it cannot use instead of sending them', () => {
    const q = read('sort=salary&dir=sideways&page=-2&from=yesterday&spam=yes');
    expect(q).toMatchObject({ sort: 'applied', dir: 'desc', page: 1, from: '', spam: false });
  });

  it('sorts a new column in its default direction and turns the same column round, from page 1', () => {
    const q = read('status=new&page=4');
    const byName = toggleSort(q, 'name');
    expect(writeListQuery(byName)).toBe('status=new&sort=name');
    expect(writeListQuery(toggleSort(byName, 'name'))).toBe('status=new&sort=name&dir=desc');
    expect(writeListQuery(toggleSort(q, 'applied'))).toBe('status=new&dir=asc');
  });

  it('goes back to the first page when a filter changes', () => {
    expect(writeListQuery(withFilters(read('page=5&sort=job'), { status: 'hired' }))).toBe('status=hired&sort=job');
  });

  it('exports the filters only, the search trimmed', () => {
    expect(filterParams(read('q=%20ravi%20&page=2&sort=name&spam=1&job=j2'))).toEqual({ job: 'j2', q: 'ravi', spam: '1' });
    expect(filterParams(read('source=-&page=2'))).toEqual({ source: '-' });
  });
});
