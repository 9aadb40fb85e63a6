import { render, screen } from '@testing-library/react';
import { MemoryRouter } from '../lib/router';
import { describe, expect, it } from 'vitest';
import { ApiCache } from '../lib/api';
import { TEST_NOW, TEST_SETTINGS, testRegistry } from '../test/render-app';
import { App } from './app';

describe('app error screen', () => {
  it('is what the app shows inside the layout when the server could not render', () => {
    render(
      <MemoryRouter initialEntries={['/about']}>
        <App cache={new ApiCache({})} registry={testRegistry} now={TEST_NOW} settings={TEST_SETTINGS} failed />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Unexpected Application Error!');
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
  });
});
