import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PageName } from '../gen/wire';
import { CHUNK_TIMEOUT_MS, lazyRegistry, Page, PagesProvider, type PageModule } from './pages';

function loaders(load: () => Promise<PageModule>) {
  return new Proxy({} as Record<PageName, () => Promise<PageModule>>, { get: () => load });
}

afterEach(() => vi.useRealTimers());

describe('lazy pages', () => {
  it('shows Loading... and then the page', async () => {
    let resolve!: (m: PageModule) => void;
    const registry = lazyRegistry(loaders(() => new Promise((r) => (resolve = r))));
    render(
      <PagesProvider registry={registry}>
        <Page name="about" />
      </PagesProvider>,
    );
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    await act(async () => resolve({ default: () => <h1>About page</h1> }));
    expect(screen.getByRole('heading', { name: 'About page' })).toBeTruthy();
  });

  it('offers a reload when a chunk fails to load', async () => {
    const registry = lazyRegistry(loaders(() => Promise.reject(new Error('network'))));
    render(
      <PagesProvider registry={registry}>
        <Page name="about" />
      </PagesProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Loading chunk failed' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeTruthy();
  });

  it('gives up on a chunk after 120 s', async () => {
    vi.useFakeTimers();
    const registry = lazyRegistry(loaders(() => new Promise(() => {})));
    const failed = vi.fn();
    registry.load('about').catch(failed);
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    expect(failed).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(failed).toHaveBeenCalledOnce();
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
  });
});
