import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from '../../lib/router';
import type { Job } from '../../gen/wire';
import { ApplicationSent, type SentApplication } from './application-sent';

const job: Job = {
  id: 'cloud-1',
  jobTitle: 'Cloud Engineer',
  experience: '3-5',
  location: 'Hyderabad',
  description: '<p>Clouds.</p>',
  applicationsOpen: true,
  pageTitle: 'Cloud Engineer',
  createdAt: '2026-11-01T00:00:00Z',
};

function show(sent: SentApplication) {
  return render(
    <MemoryRouter initialEntries={['/apply/cloud-1']}>
      <ApplicationSent job={job} sent={sent} />
    </MemoryRouter>,
  );
}

const asha: SentApplication = { saved: { reference: 'APP-MNSZT7PP', updated: false, jobTitle: 'Cloud Engineer' }, email: 'asha.rao@example.com' };

/** Gives the page a clipboard (jsdom has none), or takes it away. */
function setClipboard(clipboard: Pick<Clipboard, 'writeText'> | undefined) {
  Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true });
}

afterEach(() => {
  cleanup();
  setClipboard(undefined);
});

describe('ApplicationSent', () => {
  it('has its own heading, which takes focus, and the reference on one line', async () => {
    show(asha);
    const heading = screen.getByRole('heading', { level: 1, name: 'Application submitted successfully!' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByText('We have received your application for Cloud Engineer.')).toBeTruthy();
    const reference = screen.getByTestId('application-reference');
    expect(reference.textContent).toBe('APP-MNSZT7PP');
    expect(reference.className).toContain('whitespace-nowrap');
    expect(reference.className).toContain('select-all');
  });

  it('says where the copy was e-mailed and what happens next', () => {
    show(asha);
    expect(screen.getByText('asha.rao@example.com').parentElement!.textContent).toBe('We sent a copy to asha.rao@example.com.');
    expect(screen.getByRole('heading', { level: 2, name: 'What happens next' })).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'We review every application.',
      'If your profile fits the role, we contact you to arrange an interview.',
      'Whatever the outcome, we will let you know.',
    ]);
  });

  it('leads on to the other jobs and back to this one, and shows no status link yet', () => {
    show(asha);
    expect(screen.getByRole('link', { name: 'Browse other open positions' }).getAttribute('href')).toBe('/jobs');
    expect(screen.getByRole('link', { name: 'Back to the job description' }).getAttribute('href')).toBe('/job/cloud-1');
    expect(screen.getAllByRole('link')).toHaveLength(2);
  });

  it('says when the application replaced an earlier one', () => {
    show({ ...asha, saved: { ...asha.saved, updated: true } });
    expect(screen.getByText('It replaces the application you sent earlier for Cloud Engineer.')).toBeTruthy();
  });

  it('copies the reference where the browser allows it', async () => {
    const writeText = vi.fn(async () => {});
    setClipboard({ writeText });
    show(asha);
    const button = await screen.findByRole('button', { name: 'Copy the reference number' });
    await act(async () => fireEvent.click(button));
    expect(writeText).toHaveBeenCalledWith('APP-MNSZT7PP');
    expect(screen.getByRole('status').textContent).toBe('Copied');
  });

  it('offers no copy button where the clipboard is out of reach', () => {
    setClipboard(undefined);
    show(asha);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
