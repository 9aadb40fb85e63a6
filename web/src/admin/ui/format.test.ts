import { describe, expect, it } from 'vitest';
import site from '../../../../content/site.json';
import { formatDay, formatWhen, formatWhenExact, SITE_ZONE } from './format';

describe('console dates', () => {
  it('are written in the site time zone, with its name', () => {
    expect(SITE_ZONE).toBe(site.timeZone);
    // 20:00 UTC is 01:30 the next day in India: the day and hour move with the zone.
    const text = formatWhen('2026-11-21T20:00:00Z');
    expect(SITE_ZONE).toBe('Asia/Kolkata');
    expect(text).toMatch(/^22 Nov 2026, 01:30 (IST|GMT\+5:30)$/);
    expect(formatWhenExact('2026-11-21T20:00:07Z')).toMatch(/^22 Nov 2026, 01:30:07 (IST|GMT\+5:30)$/);
  });

  it('leave what is not a moment empty', () => {
    expect(formatWhen('')).toBe('');
    expect(formatWhen('not a date')).toBe('');
  });

  it('write a calendar day as it is, whatever the zone', () => {
    expect(formatDay('2026-12-01')).toBe('1 Dec 2026');
    expect(formatDay('')).toBe('');
    expect(formatDay('soon')).toBe('soon');
  });
});
