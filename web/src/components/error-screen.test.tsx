import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { App } from '../app/app';
import { ApiCache } from '../lib/api';
import { TEST_NOW, testRegistry } from '../test/render-app';
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

  it('is what the app shows inside the layout when the server could not render', () => {
    render(
      <MemoryRouter initialEntries={['/about']}>
        <App cache={new ApiCache({})} registry={testRegistry} now={TEST_NOW} failed />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Unexpected Application Error!');
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
  });
});
