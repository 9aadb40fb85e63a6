import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, useLocation } from '../../lib/router';
import { outcomeState } from '../../lib/application-outcome';
import type { ApplicationSaved } from '../../gen/wire';
import { ApplicationSent } from './application-sent';

function StateProbe() {
  const { pathname, state } = useLocation();
  return (
    <span data-testid="state" data-path={pathname}>
      {JSON.stringify(state)}
    </span>
  );
}

const saved: ApplicationSaved = { reference: 'APP-MNSZT7PP', updated: false, jobTitle: 'Cloud Engineer' };
const applied = { jobId: 'cloud-1', email: 'asha.rao@example.com' };

/** /jobs as the form leaves it: router state with the outcome, and the list's heading below. */
function renderAt(state: unknown) {
  return render(
    <MemoryRouter initialEntries={[{ pathname: '/jobs', state }]}>
      <ApplicationSent listId="open-positions" />
      <h2 id="open-positions" tabIndex={-1}>
        Open positions
      </h2>
      <StateProbe />
    </MemoryRouter>,
  );
}

/** Gives the page a clipboard (jsdom has none), or takes it away. */
function setClipboard(clipboard: Pick<Clipboard, 'writeText'> | undefined) {
  Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true });
}

const title = () => screen.getByRole('heading', { level: 2, name: 'Application submitted successfully!' });

afterEach(() => {
  cleanup();
  setClipboard(undefined);
});

describe('ApplicationSent', () => {
  it('says nothing on a normal visit, or for state it did not write', () => {
    renderAt(null);
    expect(screen.queryByText('Application submitted successfully!')).toBeNull();
    cleanup();
    renderAt({ applicationSaved: { reference: 'APP-1', updated: 'yes', jobTitle: 'Cloud Engineer', jobId: 'x', email: 'a@b.c' } });
    expect(screen.queryByText('Application submitted successfully!')).toBeNull();
  });

  it('has its own heading, announced and focused, with the reference on one line', async () => {
    renderAt(outcomeState(saved, applied));
    const heading = title();
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.tabIndex).toBe(-1);
    // Inside a status region, so a screen reader announces it, with the reference.
    const announced = heading.closest('[role="status"]') as HTMLElement;
    expect(within(announced).getByTestId('application-reference')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Application submitted successfully!' })).toBeTruthy();
    expect(screen.getByText('We have received your application for Cloud Engineer.')).toBeTruthy();
    const reference = screen.getByTestId('application-reference');
    expect(reference.textContent).toBe('APP-MNSZT7PP');
    expect(reference.className).toContain('whitespace-nowrap');
    expect(reference.className).toContain('select-all');
  });

  it('is dropped from the history entry once shown, and stays on screen', async () => {
    renderAt({ ...outcomeState(saved, applied), other: 1 });
    await waitFor(() => expect(screen.getByTestId('state').textContent).toBe('{"other":1}'));
    expect(screen.getByTestId('state').dataset.path).toBe('/jobs');
    expect(title()).toBeTruthy();
  });

  it('says where the copy was e-mailed and what happens next', () => {
    renderAt(outcomeState(saved, applied));
    expect(screen.getByText('asha.rao@example.com').parentElement!.textContent).toBe('We sent a copy to asha.rao@example.com.');
    expect(screen.getByRole('heading', { level: 3, name: 'What happens next' })).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'We review every application.',
      'If your profile fits the role, we contact you to arrange an interview.',
      'Whatever the outcome, we will let you know.',
    ]);
  });

  it('leads back to the job and down to the open positions, which take focus', () => {
    renderAt(outcomeState(saved, applied));
    expect(screen.getByRole('link', { name: 'Back to the job description' }).getAttribute('href')).toBe('/job/cloud-1');
    const browse = screen.getByRole('link', { name: 'Browse other open positions' });
    expect(browse.getAttribute('href')).toBe('#open-positions');
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled; // jsdom has none
    fireEvent.click(browse);
    delete (Element.prototype as Partial<Element>).scrollIntoView;
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Open positions' }));
    expect(scrolled).toHaveBeenCalledOnce();
    expect(screen.getByTestId('state').dataset.path).toBe('/jobs');
    expect(screen.getAllByRole('link')).toHaveLength(2);
  });

  it('says when the application replaced an earlier one', () => {
    renderAt(outcomeState({ ...saved, updated: true }, applied));
    expect(screen.getByText('It replaces the application you sent earlier for Cloud Engineer.')).toBeTruthy();
    expect(screen.queryByText('We have received your application for Cloud Engineer.')).toBeNull();
  });

  it('links to the status page when the answer carries one, and to nothing off the site', () => {
    renderAt(outcomeState({ ...saved, statusUrl: '/application-status#t=tok3n' }, applied));
    expect(screen.getByRole('link', { name: 'Follow your application' }).getAttribute('href')).toBe('/application-status#t=tok3n');
    cleanup();
    renderAt(outcomeState({ ...saved, statusUrl: 'https://evil.example/steal' }, applied));
    expect(title()).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Follow your application' })).toBeNull();
  });

  it('copies the reference where the browser allows it', async () => {
    const writeText = vi.fn(async () => {});
    setClipboard({ writeText });
    renderAt(outcomeState(saved, applied));
    const button = await screen.findByRole('button', { name: 'Copy the reference number' });
    await act(async () => fireEvent.click(button));
    expect(writeText).toHaveBeenCalledWith('APP-MNSZT7PP');
    expect(button.nextElementSibling!.getAttribute('role')).toBe('status');
    expect(button.nextElementSibling!.textContent).toBe('Copied');
  });

  it('offers no copy button where the clipboard is out of reach', () => {
    setClipboard(undefined);
    renderAt(outcomeState(saved, applied));
    expect(screen.queryByRole('button')).toBeNull();
  });
});
