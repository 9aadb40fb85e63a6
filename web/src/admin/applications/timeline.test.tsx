import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TimelineEvent } from '../../gen/wire';
import { formatWhen } from '../ui/format';
import { eventActor, eventWords, TimelineList } from './timeline';

afterEach(cleanup);

const ev = (kind: string, at: string, actor = '', text = '', status = ''): TimelineEvent => ({ kind, at, actor, text, status });

describe('TimelineList', () => {
  it('lists the events in the order given, with when, who and what', () => {
    const events = [
      ev('received', '2026-11-21T10:00:00Z'),
      ev('email', '2026-11-21T10:00:01Z', '', 'Your application for Go Engineer (APP-K3J5X7QA)', 'sent'),
      ev('opened', '2026-11-21T11:00:00Z', 'priya@example.com'),
      ev('stage', '2026-11-21T11:05:00Z', 'priya@example.com', 'new → interview'),
      ev('note', '2026-11-21T11:06:00Z', 'Priya Recruiter', 'Strong Go skills.'),
      ev('document', '2026-11-21T11:07:00Z', 'priya@example.com', 'certification-2'),
      ev('withdrawn', '2026-11-22T09:00:00Z'),
    ];
    render(<TimelineList events={events} />);
    const items = within(screen.getByRole('list', { name: 'Events, oldest first' })).getAllByRole('listitem');
    expect(items.map((li) => li.lastElementChild?.textContent)).toEqual([
      'Application received',
      'E-mail to the applicant (sent): Your application for Go Engineer (APP-K3J5X7QA)',
      'Opened',
      'Moved from New to Interview',
      'Note: Strong Go skills.',
      'Downloaded certification document 2',
      'Withdrawn by the applicant',
    ]);
    expect(items[0]?.textContent).toContain(`${formatWhen('2026-11-21T10:00:00Z')} · Applicant`);
    expect(items[2]?.textContent).toContain('priya@example.com');
    expect(items[4]?.textContent).toContain('Priya Recruiter');
    expect(items[0]?.querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-21T10:00:00Z');
  });

  it('says when nothing happened', () => {
    render(<TimelineList events={[]} />);
    expect(screen.getByText('Nothing has happened yet.')).toBeTruthy();
  });
});

describe('event words', () => {
  it('names failed e-mails, spam verdicts and the site as actor', () => {
    expect(eventWords(ev('email', '', '', 'Status link', 'failed'))).toBe('E-mail to the applicant (failed): Status link');
    expect(eventWords(ev('spam', ''))).toBe('Marked as spam');
    expect(eventWords(ev('not-spam', ''))).toBe('Marked as not spam');
    expect(eventWords(ev('id-revealed', ''))).toBe('National ID number revealed');
    expect(eventWords(ev('document', '', '', 'resume'))).toBe('Downloaded the resume');
    expect(eventActor(ev('email', ''))).toBe('Site');
    expect(eventActor(ev('replaced', ''))).toBe('Applicant');
  });
});
