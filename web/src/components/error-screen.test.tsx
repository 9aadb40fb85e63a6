import { render, screen } from '@testing-library/react';
import { MemoryRouter } from '../lib/router';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './error-screen';

function Broken(): never {
  throw new Error('boom');
}

describe('error screen', () => {
  it('replaces a page that throws, with a way home', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <MemoryRouter>
        <ErrorBoundary>
          <Broken />
        </ErrorBoundary>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Unexpected Application Error!');
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    quiet.mockRestore();
  });
});
