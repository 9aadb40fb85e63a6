import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from '../../lib/router';
import { afterEach, describe, expect, it } from 'vitest';
import { outcomeState } from '../../lib/application-outcome';
import { ApplicationSubmitted } from './application-submitted';

function StateProbe() {
  return <span data-testid="state">{JSON.stringify(useLocation().state)}</span>;
}

function renderAt(state: unknown) {
  return render(
    <MemoryRouter initialEntries={[{ pathname: '/jobs', state }]}>
      <ApplicationSubmitted />
      <StateProbe />
    </MemoryRouter>,
  );
}

afterEach(cleanup);

describe('ApplicationSubmitted', () => {
  it('says nothing on a normal visit', () => {
    renderAt(null);
    expect(screen.queryByText('Application submitted successfully!')).toBeNull();
  });

  it('announces a stored application with its reference, focused, and drops it from history', async () => {
    renderAt(outcomeState({ reference: 'APP-7KQ2M4XD', updated: false, jobTitle: 'Cloud Engineer' }));
    const box = screen.getByRole('status');
    expect(box.textContent).toContain('Application submitted successfully!');
    expect(box.textContent).toContain('Your reference number is APP-7KQ2M4XD.');
    expect(box.textContent).toContain('We have received your application for Cloud Engineer.');
    expect(document.activeElement).toBe(box);
    // A reload would find no outcome in the history entry.
    await waitFor(() => expect(screen.getByTestId('state').textContent).toBe('null'));
    expect(screen.getByText('Application submitted successfully!')).toBeTruthy();
  });

  it('says when the application replaced an earlier one', () => {
    renderAt(outcomeState({ reference: 'APP-1', updated: true, jobTitle: 'Cloud Engineer' }));
    expect(screen.getByText('It replaces the application you sent earlier for Cloud Engineer.')).toBeTruthy();
  });
});
