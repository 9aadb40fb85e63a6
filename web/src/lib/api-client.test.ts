import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, getJSON, postForm, postJSON } from './api-client';
import { ApiCache } from './api';

function answer(status: number, body: unknown) {
  return vi.fn(() => Promise.resolve(new Response(body === undefined ? '' : JSON.stringify(body), { status })));
}

async function caught(p: Promise<unknown>): Promise<ApiRequestError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiRequestError);
  return err as ApiRequestError;
}

describe('api client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('returns the JSON body of a successful GET', async () => {
    const fetch = answer(200, [{ id: 'a' }]);
    vi.stubGlobal('fetch', fetch);
    expect(await getJSON('/api/jobs')).toEqual([{ id: 'a' }]);
    expect(fetch).toHaveBeenCalledWith('/api/jobs', { headers: { Accept: 'application/json' } });
  });

  it('posts JSON and turns the error body into code, message, fields and status', async () => {
    const fetch = answer(422, { error: { code: 'invalid', message: 'Fix it.', fields: { email: 'Enter a valid e-mail address.' } } });
    vi.stubGlobal('fetch', fetch);
    const err = await caught(postJSON('/api/contact', { name: 'A' }));
    expect([err.code, err.message, err.fields, err.status, err.fromServer]).toEqual([
      'invalid',
      'Fix it.',
      { email: 'Enter a valid e-mail address.' },
      422,
      true,
    ]);
    expect(fetch).toHaveBeenCalledWith('/api/contact', {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: '{"name":"A"}',
    });
  });

  it('says the status when the answer has no error body', async () => {
    vi.stubGlobal('fetch', answer(502, undefined));
    const err = await caught(getJSON('/api/jobs'));
    expect([err.code, err.message, err.status, err.fromServer]).toEqual(['internal', 'The server answered 502.', 502, false]);
  });

  it('reports a network failure with status 0', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    const err = await caught(getJSON('/api/jobs'));
    expect([err.code, err.status]).toEqual(['network', 0]);
  });

  it('uploads a form with progress and the same errors', async () => {
    const sent: { path?: string; body?: unknown; headers?: Record<string, string> } = {};
    class FakeXHR {
      upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
        onprogress: null,
      };
      status = 0;
      responseText = '';
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      onabort: (() => void) | null = null;
      open(_method: string, path: string) {
        sent.path = path;
      }
      setRequestHeader(name: string, value: string) {
        sent.headers = { ...sent.headers, [name]: value };
      }
      abort() {}
      send(body: unknown) {
        sent.body = body;
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        this.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
        this.status = 413;
        this.responseText = JSON.stringify({ error: { code: 'invalid', message: 'The file is too large.' } });
        this.onload?.();
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXHR);
    const progress: [number, number, number][] = [];
    const form = new FormData();
    const err = await caught(
      postForm('/api/jobs/x/applications', form, {
        onProgress: (p, { loaded, total }) => progress.push([p, loaded, total]),
        headers: { 'Idempotency-Key': 'abc123abc123abc123' },
      }),
    );
    expect(sent).toEqual({
      path: '/api/jobs/x/applications',
      body: form,
      headers: { Accept: 'application/json', 'Idempotency-Key': 'abc123abc123abc123' },
    });
    expect(progress).toEqual([
      [0.5, 50, 100],
      [1, 100, 100],
    ]);
    expect([err.code, err.message, err.status]).toEqual(['invalid', 'The file is too large.', 413]);
  });
});

describe('ApiCache', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps a failed fetch as the error boot data would carry', async () => {
    vi.stubGlobal('fetch', answer(410, { error: { code: 'gone', message: 'Closed.' } }));
    const cache = new ApiCache();
    await cache.load('/api/jobs/x');
    expect(cache.peek('/api/jobs/x')).toEqual({ error: { code: 'gone', message: 'Closed.' } });
  });

  it('records reads of missing paths only when asked to (server renderer)', () => {
    const recording = new ApiCache({ '/api/jobs': { data: [] } }, { recordMisses: true });
    recording.peek('/api/jobs');
    recording.peek('/api/blogs');
    expect(recording.missed()).toEqual(['/api/blogs']);
    const plain = new ApiCache();
    plain.peek('/api/blogs');
    expect(plain.missed()).toEqual([]);
  });

  it('updates cached data in place and tells its readers, leaving errors and missing paths alone', () => {
    const cache = new ApiCache({ '/api/a': { data: [1] }, '/api/b': { error: { code: 'internal', message: 'x' } } });
    const heard = vi.fn();
    cache.subscribe(heard);
    cache.update<number[]>('/api/a', (list) => [2, ...list]);
    expect(cache.peek('/api/a')).toEqual({ data: [2, 1] });
    expect(heard).toHaveBeenCalledTimes(1);
    cache.update<number[]>('/api/b', () => [3]);
    cache.update<number[]>('/api/c', () => [3]);
    expect(cache.peek('/api/b')).toEqual({ error: { code: 'internal', message: 'x' } });
    expect(cache.peek('/api/c')).toBeUndefined();
    expect(heard).toHaveBeenCalledTimes(1);
  });
});
