import { describe, expect, it } from 'vitest';
import { encodeJobQuery, EMPTY_QUERY, isFiltered, jobSearchApiPath, jobsUrl, normalizeValue, parseJobQuery } from './job-query';

// The same cases as Go's TestParse (internal/jobsearch): both sides
// must read a URL to the same search and write it back the same way.
describe('job search query', () => {
  const long = 'a'.repeat(150);
  const cases: [string, Partial<Record<'q' | 'years' | 'location' | 'workplace' | 'department', string>>, string][] = [
    ['', {}, ''],
    ['?q=&years=&location=&workplace=&department=', {}, ''],
    ['?q=react', { q: 'react' }, 'q=react'],
    [
      '?department=Engineering&workplace=remote&years=4&q=go',
      { q: 'go', years: '4', workplace: 'remote', department: 'Engineering' },
      'q=go&years=4&workplace=remote&department=Engineering',
    ],
    ['?utm_source=mail&location=Hyderabad&page=2', { location: 'Hyderabad' }, 'location=Hyderabad'],
    ['?q=++Go+++Engineer+', { q: 'Go Engineer' }, 'q=Go%20Engineer'],
    ['?q=%E3%80%80go%C2%A0dev%09', { q: 'go dev' }, 'q=go%20dev'],
    ['?q=a%20b&q=c', { q: 'a b' }, 'q=a%20b'],
    ['?%71=x', { q: 'x' }, 'q=x'],
    ['?q=%zz&location=Pune', { location: 'Pune' }, 'location=Pune'],
    ['?q=a;b', { q: 'a;b' }, 'q=a%3Bb'],
    ['?location=bangalore', { location: 'bangalore' }, 'location=bangalore'],
    ['?years=0', { years: '0' }, 'years=0'],
    ['?years=+07+', { years: '7' }, 'years=7'],
    ['?years=50', { years: '50' }, 'years=50'],
    ['?years=51', {}, ''],
    ['?years=-1', {}, ''],
    ['?years=2.5', {}, ''],
    ['?years=four', {}, ''],
    ['?years=123', {}, ''],
    ['?workplace=Hybrid', { workplace: 'hybrid' }, 'workplace=hybrid'],
    ['?workplace=office', {}, ''],
    ['?q=caf%C3%A9+%26+co', { q: 'café & co' }, 'q=caf%C3%A9%20%26%20co'],
    [`?q=${long}`, { q: 'a'.repeat(100) }, `q=${'a'.repeat(100)}`],
    [`?q=${'a'.repeat(99)}+b`, { q: 'a'.repeat(99) }, `q=${'a'.repeat(99)}`],
    [`?q=${'é'.repeat(150)}`, { q: 'é'.repeat(100) }, `q=${'%C3%A9'.repeat(100)}`],
  ];
  it.each(cases)('reads %s', (search, want, encoded) => {
    const q = parseJobQuery(search);
    expect(q).toEqual({ ...EMPTY_QUERY, ...want });
    expect(encodeJobQuery(q)).toBe(encoded);
    expect(parseJobQuery(encodeJobQuery(q))).toEqual(q);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(Array.from(normalizeValue('🚀'.repeat(120)))).toHaveLength(100);
  });

  it('builds the page URL and the API path', () => {
    const q = { ...EMPTY_QUERY, q: 'go dev', location: 'Hyderabad' };
    expect(jobsUrl(q)).toBe('/jobs?q=go%20dev&location=Hyderabad');
    expect(jobSearchApiPath(q)).toBe('/api/jobs/search?q=go%20dev&location=Hyderabad');
    expect(jobsUrl(EMPTY_QUERY)).toBe('/jobs');
    expect(jobSearchApiPath(EMPTY_QUERY)).toBe('/api/jobs/search');
    expect(isFiltered(EMPTY_QUERY)).toBe(false);
    expect(isFiltered(q)).toBe(true);
  });
});
