import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CandidateEmail, CandidateEmailList } from '../../gen/wire';
import CandidateEmailsScreen, { PREVIEW_DELAY } from './candidate-emails-screen';
import { bulkSummary, mailStageFor, notifyByDefault, stageLabel } from './candidate-mail';
import { apiError, renderScreen, stubApi } from '../test-utils';

function tpl(stage: string, over: Partial<CandidateEmail> = {}): CandidateEmail {
  return { stage, subject: `Subject of ${stage}`, body: `Dear {first_name}, ${stage}`, default: true, updatedAt: '0001-01-01T00:00:00Z', updatedBy: '', ...over };
}

const list: CandidateEmailList = {
  templates: ['received', 'interview', 'rejection', 'offer'].map((s) => tpl(s)),
  placeholders: ['first_name', 'job_title', 'reference', 'status_link'],
};

const renderAt = () => renderScreen('/admin/candidate-emails/*', <CandidateEmailsScreen />, '/admin/candidate-emails');

describe('candidate e-mails screen', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it('lists the four e-mails with the placeholders', async () => {
    stubApi(() => ({ body: list }));
    renderAt();
    for (const name of ['Application received', 'Interview invitation', 'Rejection', 'Offer']) {
      expect(await screen.findByRole('heading', { name })).toBeTruthy();
    }
    expect(screen.getByText(/\{first_name\}, \{job_title\}, \{reference\}, \{status_link\}/)).toBeTruthy();
    expect(screen.getAllByText('The default text.')).toHaveLength(4);
    // The received e-mail is the confirmation, sent to every applicant.
    expect(screen.getAllByText(/^Sent to every applicant when their application arrives/)).toHaveLength(1);
    expect(screen.queryByText(/not sent yet/i)).toBeNull();
  });

  it('previews as staff type, shows a refused placeholder by its field, and saves', async () => {
    const calls = stubApi((c) => {
      if (c.path.endsWith('/preview')) {
        const body = (c.body as { body: string }).body;
        if (body.includes('{name}')) return { status: 422, body: apiError('Unknown placeholder {name}.', { body: 'Unknown placeholder {name}: use {first_name}.' }) };
        return { body: { subject: 'Rendered subject', text: `Rendered: ${body}`, html: '<p>x</p>' } };
      }
      if (c.method === 'PUT') return { body: tpl('interview', { default: false, updatedBy: 'rec@example.com' }) };
      return { body: list };
    });
    renderAt();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit the interview invitation e-mail' }));
    const text = screen.getByLabelText('Text');
    await act(() => vi.advanceTimersByTimeAsync(PREVIEW_DELAY + 10));
    expect((await screen.findByTestId('preview-subject')).textContent).toBe('Rendered subject');

    fireEvent.change(text, { target: { value: 'Dear {name}' } });
    await act(() => vi.advanceTimersByTimeAsync(PREVIEW_DELAY + 10));
    expect(await screen.findByText('Unknown placeholder {name}: use {first_name}.')).toBeTruthy();
    expect(text.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Correct the text to see the preview.')).toBeTruthy();

    fireEvent.change(text, { target: { value: 'Dear {first_name}' } });
    await act(() => vi.advanceTimersByTimeAsync(PREVIEW_DELAY + 10));
    expect((await screen.findByTestId('preview-text')).textContent).toBe('Rendered: Dear {first_name}');
    // Typing quickly asks once, for the last text.
    const previews = calls.filter((c) => c.path.endsWith('/preview')).length;
    expect(previews).toBe(3);

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved the interview invitation e-mail.')).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe('/candidate-emails/interview');
    expect(put.body).toEqual({ subject: 'Subject of interview', body: 'Dear {first_name}' });
  });

  it('shows the server\'s subject, text and HTML, the HTML in a frame without scripts', async () => {
    const html = '<!DOCTYPE html><html><body><p>Dear Priya, &lt;b&gt;</p><script>parent.x = 1</script></body></html>';
    const calls = stubApi((c) => {
      if (c.path.endsWith('/preview')) return { body: { subject: 'Your application for Senior Software Engineer (APP-SAMPLE23)', text: 'Dear Priya,\n<b>', html } };
      return { body: list };
    });
    renderAt();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit the application received e-mail' }));
    fireEvent.change(screen.getByLabelText('Text'), { target: { value: 'Dear {first_name},\n<b>\n{status_link}' } });
    await act(() => vi.advanceTimersByTimeAsync(PREVIEW_DELAY + 10));
    expect((await screen.findByTestId('preview-subject')).textContent).toBe('Your application for Senior Software Engineer (APP-SAMPLE23)');
    expect(screen.getByRole('region', { name: 'Plain version' }).textContent).toBe('Dear Priya,\n<b>');
    const frame = screen.getByTitle('HTML version of the e-mail') as HTMLIFrameElement;
    expect(frame.tagName).toBe('IFRAME');
    // Sandboxed with no permission at all: no scripts, an opaque origin.
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe(html);
    // The unsaved text is what the server rendered.
    const last = calls.filter((c) => c.path.endsWith('/preview')).at(-1)!;
    expect(last.path).toBe('/candidate-emails/received/preview');
    expect(last.body).toEqual({ subject: 'Subject of received', body: 'Dear {first_name},\n<b>\n{status_link}' });
  });

  it('keeps the text as typed when saving is refused', async () => {
    stubApi((c) => {
      if (c.path.endsWith('/preview')) return { body: { subject: 's', text: 't', html: 'h' } };
      if (c.method === 'PUT') return { status: 422, body: apiError('Enter a subject.', { subject: 'Enter a subject.' }) };
      return { body: list };
    });
    renderAt();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit the offer e-mail' }));
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const form = screen.getByRole('heading', { name: 'Edit: Offer' }).parentElement!;
    expect(await within(form).findAllByText('Enter a subject.')).not.toHaveLength(0);
    expect((screen.getByLabelText('Subject') as HTMLInputElement).value).toBe(' ');
  });
});

describe('candidate mail rules', () => {
  it('maps statuses to e-mails and ticks notify for interview and rejection only', () => {
    expect(['new', 'reviewing', 'interview', 'offer', 'hired', 'rejected'].map(mailStageFor)).toEqual(['', '', 'interview', 'offer', '', 'rejection']);
    expect(['interview', 'rejected', 'offer', 'new'].map(notifyByDefault)).toEqual([true, true, false, false]);
    expect(stageLabel('rejection')).toBe('Rejection');
  });

  it('sums up a bulk change', () => {
    const ok = { ok: true, changed: true };
    expect(bulkSummary({ moved: 2, mailed: 2, failed: 0, results: [ok, ok] })).toBe('2 applications moved, 2 candidates e-mailed.');
    expect(bulkSummary({ moved: 1, mailed: 0, failed: 1, results: [ok, { ok: true, changed: false }, { ok: false, changed: false }] })).toBe(
      '1 application moved, 1 already there, 1 not changed.',
    );
  });
});
