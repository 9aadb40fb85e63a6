import { describe, expect, it } from 'vitest';
import { formatLongDate, formatRupees } from './format';
import { fill } from './text';

describe('formatLongDate', () => {
  it('writes long US dates in UTC', () => {
    expect(formatLongDate('2026-12-31T00:00:00Z')).toBe('December 31, 2026');
    expect(formatLongDate('2026-01-01T23:30:00-02:00')).toBe('January 2, 2026');
    expect(formatLongDate('not a date')).toBe('');
  });
});

describe('formatRupees', () => {
  it('groups digits the Indian way', () => {
    expect(formatRupees(0)).toBe('₹0');
    expect(formatRupees(999)).toBe('₹999');
    expect(formatRupees(20000)).toBe('₹20,000');
    expect(formatRupees(1250000)).toBe('₹12,50,000');
    expect(formatRupees(123456789)).toBe('₹12,34,56,789');
  });
});

describe('fill', () => {
  it('fills known placeholders and keeps unknown ones visible', () => {
    expect(fill('© {year} {name}.', { year: 2021, name: 'Acme' })).toBe('© 2021 Acme.');
    expect(fill('{missing} x', {})).toBe('{missing} x');
  });
});
