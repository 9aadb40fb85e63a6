import { describe, expect, it } from 'vitest';
import { outcomeState, readOutcome, sitePath, withoutOutcome } from './application-outcome';

const saved = { reference: 'APP-7KQ2M4XD', updated: true, jobTitle: 'Cloud Engineer' };
const applied = { jobId: 'cloud', email: 'asha@example.com' };
const outcome = { ...saved, ...applied };

describe('application outcome in router state', () => {
  it('reads back what the form wrote', () => {
    expect(readOutcome(outcomeState(saved, applied))).toEqual(outcome);
    expect(readOutcome(outcomeState({ ...saved, statusUrl: '/status/abc' }, applied))).toEqual({ ...outcome, statusUrl: '/status/abc' });
  });

  it('reads nothing from a normal visit or from state it did not write', () => {
    const state = outcomeState(saved, applied) as { applicationSaved: Record<string, unknown> };
    const bad: unknown[] = [
      null,
      'applicationSaved',
      { applicationSaved: null },
      { applicationSaved: [] },
      { other: 1 },
      { applicationSaved: { ...state.applicationSaved, reference: '' } },
      { applicationSaved: { ...state.applicationSaved, reference: 7 } },
      { applicationSaved: { ...state.applicationSaved, reference: 'APP-1\n' } },
      { applicationSaved: { ...state.applicationSaved, reference: 'A'.repeat(501) } },
      { applicationSaved: { ...state.applicationSaved, updated: 'true' } },
      { applicationSaved: { ...state.applicationSaved, jobTitle: undefined } },
      { applicationSaved: { ...state.applicationSaved, jobId: '' } },
      { applicationSaved: { ...state.applicationSaved, email: 'not an address' } },
      { applicationSaved: { ...state.applicationSaved, email: undefined } },
    ];
    for (const s of bad) expect(readOutcome(s), JSON.stringify(s)).toBeNull();
  });

  it('keeps a status link only when it stays on this site, as a path', () => {
    const link = `${window.location.origin}/application-status#t=${'a'.repeat(43)}`;
    expect(readOutcome(outcomeState({ ...saved, statusUrl: link }, applied))?.statusUrl).toBe(`/application-status#t=${'a'.repeat(43)}`);
    expect(readOutcome(outcomeState({ ...saved, statusUrl: '' }, applied))).toEqual(outcome);
    expect(sitePath('/status/abc')).toBe('/status/abc');
    expect(sitePath(`${window.location.origin}/status/abc`)).toBe('/status/abc');
    for (const off of ['https://evil.example/status', '//evil.example/status', '/\\evil.example', `${window.location.origin}//evil.example`, 'javascript:alert(1)', 'status/abc', '', 7, null]) {
      expect(sitePath(off), String(off)).toBeUndefined();
    }
    const state = outcomeState(saved, applied) as { applicationSaved: Record<string, unknown> };
    const read = readOutcome({ applicationSaved: { ...state.applicationSaved, statusUrl: 'https://evil.example/x' } });
    expect(read).toEqual(outcome);
  });

  it('drops the outcome and keeps the rest of the state', () => {
    expect(withoutOutcome(outcomeState(saved, applied))).toBeNull();
    expect(withoutOutcome({ ...outcomeState(saved, applied), scroll: 3 })).toEqual({ scroll: 3 });
    expect(withoutOutcome({ scroll: 3 })).toEqual({ scroll: 3 });
    expect(withoutOutcome(null)).toBeNull();
  });
});
