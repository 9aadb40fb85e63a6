import { describe, expect, it } from 'vitest';
import type { ApplicationRow } from '../../gen/wire';
import { emptyListText, foundElsewhere, spamSummary, verdictNotice, whereFound } from './spam-folder';

function row(id: string, folder: string, status = 'new'): ApplicationRow {
  return { id, reference: `APP-${id}`, fullName: 'A', email: 'a@example.com', jobId: 'j', jobTitle: 'J', status, spam: folder === 'spam', appliedAt: '', folder, withdrawnAt: null, source: '' };
}

const suspected = { spam: true, spamReview: '', spamReasons: 'the hidden field was filled in', confirmationHeld: true };

describe('the Suspected spam folder', () => {
  it('says where an exact match is', () => {
    expect(whereFound(row('a', 'spam'))).toBe('In Suspected spam (New)');
    expect(whereFound(row('b', 'applications', 'interview'))).toBe('In Applications (Interview)');
  });

  it('lists only the exact matches the table does not show', () => {
    const a = row('a', 'spam');
    const b = row('b', 'applications');
    expect(foundElsewhere({ rows: [b], found: [a, b] })).toEqual([a]);
    expect(foundElsewhere({ rows: [], found: [] })).toEqual([]);
  });

  it('never answers a bare "no match" while an exact match exists elsewhere', () => {
    const found = [row('a', 'spam')];
    expect(emptyListText({ rows: [], found, total: 0 }, false)).toBe(
      'No applications match these filters. The exact match is listed above.',
    );
    expect(emptyListText({ rows: [], found: [], total: 0 }, true)).toBe('No suspected spam matches these filters.');
    expect(emptyListText({ rows: [], found: [], total: 30 }, false)).toBe('This page is empty.');
  });

  it('sums up the spam state of an application', () => {
    expect(spamSummary(suspected)).toContain('waiting for review. The applicant has not been sent the confirmation e-mail');
    expect(spamSummary({ ...suspected, confirmationHeld: false })).toBe('In Suspected spam, waiting for review.');
    expect(spamSummary({ ...suspected, spamReview: 'spam' })).toContain('Marked as spam by staff');
    expect(spamSummary({ spam: false, spamReview: 'not-spam', spamReasons: 'x', confirmationHeld: false })).toBe('Marked not spam by staff.');
    expect(spamSummary({ spam: false, spamReview: '', spamReasons: '', confirmationHeld: false })).toBe('Not suspected of spam.');
  });

  it('tells what a verdict did', () => {
    const released = { spam: false, spamReview: 'not-spam', spamReasons: suspected.spamReasons, confirmationHeld: false, email: 'm@example.com' };
    expect(verdictNotice(suspected, released)).toBe('Moved out of Suspected spam. The confirmation e-mail is on its way to m@example.com.');
    expect(verdictNotice({ ...suspected, confirmationHeld: false }, released)).toBe('Moved out of Suspected spam.');
    expect(verdictNotice(released, released)).toBe('It was not in Suspected spam: nothing changed.');
    const confirmed = { ...suspected, spamReview: 'spam', email: 'm@example.com' };
    expect(verdictNotice(suspected, confirmed)).toBe('Marked as spam. No e-mail is sent.');
    expect(verdictNotice(confirmed, confirmed)).toBe('It was marked as spam already: nothing changed.');
  });
});
