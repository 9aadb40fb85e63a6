// The typed staff API calls: what adminPath makes, and (checked by tsc,
// not at run time) that a call's body and answer are its route's.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminJob, AdminJobList, StaffAccount } from '../gen/wire';
import { adminFile, adminGet, adminPath, adminSend, adminURL, adminUpload } from './api';
import { stubApi } from './test-utils';

afterEach(() => vi.unstubAllGlobals());

describe('adminPath', () => {
  it('fills in and encodes the parameters', () => {
    expect(adminPath('/jobs/{id}', { id: 'a1' })).toBe('/jobs/a1');
    expect(adminPath('/applications/{id}/documents/{doc}', { id: 'x y', doc: 'certification-1' })).toBe('/applications/x%20y/documents/certification-1');
  });
});

describe('typed calls', () => {
  it('send the route, the body and the query', async () => {
    const calls = stubApi(() => ({ body: {} }));
    await adminGet('/jobs', { page: 2, q: '' });
    await adminSend('POST', adminPath('/jobs/{id}/close', { id: 'j1' }));
    await adminSend('POST', '/posts/preview', { title: 'T', description: '', content: '', imageAlt: '', baseVersion: 0 }, { id: 'p1' });
    expect(calls.map((c) => [c.method, c.path, c.query.toString(), c.body])).toEqual([
      ['GET', '/jobs', 'page=2', undefined],
      ['POST', '/jobs/j1/close', '', undefined],
      ['POST', '/posts/preview', 'id=p1', { title: 'T', description: '', content: '', imageAlt: '', baseVersion: 0 }],
    ]);
  });
});

// Compile-time checks: each @ts-expect-error line must fail to compile, and
// the others must compile. Never called.
export function typeChecks() {
  const list: Promise<AdminJobList> = adminGet('/jobs');
  const job: Promise<AdminJob> = adminGet(adminPath('/jobs/{id}', { id: '1' }));
  const staff: Promise<StaffAccount[]> = adminGet('/staff');
  void adminSend('PATCH', adminPath('/staff/{id}', { id: '1' }), { role: 'editor' });
  // @ts-expect-error a field the answer lacks
  void adminGet('/jobs').then((l) => l.rows);
  // @ts-expect-error the answer is another type
  const wrong: Promise<StaffAccount> = adminGet('/jobs');
  // @ts-expect-error a body of the wrong type
  void adminSend('POST', '/comments/bulk', { ids: 'c1', action: 'approve' });
  // @ts-expect-error a field the body does not have
  void adminSend('PATCH', adminPath('/staff/{id}', { id: '1' }), { role: 'editor', admin: true });
  // @ts-expect-error a route that reads a body, sent none
  void adminSend('POST', '/comments/bulk');
  // @ts-expect-error a route that reads no body, sent one
  void adminSend('POST', adminPath('/jobs/{id}/close', { id: '1' }), {});
  // @ts-expect-error a route with a parameter needs adminPath
  void adminGet('/jobs/{id}');
  // @ts-expect-error a path that is no route
  void adminGet('/nothing');
  // @ts-expect-error a route of another method
  void adminSend('PUT', '/jobs', { jobTitle: '' });
  // @ts-expect-error a parameter the route does not have
  void adminPath('/jobs/{id}', { key: '1' });
  // @ts-expect-error a download is not JSON
  void adminGet('/applications/export.csv');
  // @ts-expect-error a JSON route is not a download
  void adminFile('/jobs', {}, 'jobs.csv');
  // @ts-expect-error an upload is not JSON
  void adminSend('POST', adminPath('/posts/{id}/cover', { id: '1' }), new FormData());
  // @ts-expect-error only an upload route takes a form
  void adminUpload(adminPath('/jobs/{id}/close', { id: '1' }), new FormData());
  // @ts-expect-error adminURL is for downloads
  void adminURL('/jobs');
  void adminURL(adminPath('/applications/{id}/documents/{doc}', { id: '1', doc: 'resume' }));
  return [list, job, staff, wrong];
}
