import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useApi } from '../lib/api';
import { renderWithProviders } from '../test/render-app';
import { LoadState } from './load-state';

const copy = { loading: 'Loading things…', error: 'Could not load the things.', retry: 'Try again' };

function Things() {
  const state = useApi<string[]>('/api/things');
  return (
    <LoadState path="/api/things" state={state} copy={copy} empty={<p>No things.</p>}>
      {(items) => (
        <ul>
          {items.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ul>
      )}
    </LoadState>
  );
}

describe('LoadState', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says the list is loading while it is on its way', () => {
    vi.stubGlobal('fetch', () => new Promise(() => {}));
    renderWithProviders(<Things />);
    expect(screen.getByRole('status').textContent).toBe(copy.loading);
  });

  it('shows the items, or the empty state when there are none', () => {
    const { unmount } = renderWithProviders(<Things />, { api: { '/api/things': { data: ['a', 'b'] } } });
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['a', 'b']);
    unmount();
    renderWithProviders(<Things />, { api: { '/api/things': { data: [] } } });
    expect(screen.getByText('No things.')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('shows an error whose retry fetches the path again', async () => {
    const fetch = vi.fn().mockResolvedValue(new Response(JSON.stringify(['c']), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<Things />, { api: { '/api/things': { error: { code: 'internal', message: 'Internal error.' } } } });
    expect(screen.getByRole('alert').textContent).toContain(copy.error);
    fireEvent.click(screen.getByRole('button', { name: copy.retry }));
    expect((await screen.findByRole('listitem')).textContent).toBe('c');
    expect(fetch).toHaveBeenCalledWith('/api/things', expect.anything());
  });
});
