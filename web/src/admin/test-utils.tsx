// Test helpers for the console: a stubbed staff API (fetch) that records
// every call, and renders inside the console's router. Only tests import it.
import { cleanup, render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, vi } from 'vitest';
import type { StaffMe } from '../gen/wire';
import { StaffContext } from './staff-context';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

export interface Call {
  method: string;
  /** Path after /api/admin, without the query. */
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export interface Reply {
  status?: number;
  body?: unknown;
}

/** An API error body as the server sends it. */
export function apiError(message: string, fields?: Record<string, string>, code = 'invalid'): { error: unknown } {
  return { error: fields ? { code, message, fields } : { code, message } };
}

/**
 * Stubs fetch with handle, which answers each staff API call (undefined =
 * the test did not expect it: a 500 that fails the screen visibly). Returns
 * the calls made, in order.
 */
export function stubApi(handle: (call: Call) => Reply | undefined): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const call: Call = {
        method: init.method ?? 'GET',
        path: url.pathname.replace(/^\/api\/admin/, ''),
        query: url.searchParams,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      const reply = handle(call) ?? { status: 500, body: apiError(`unexpected ${call.method} ${call.path}`, undefined, 'internal') };
      return new Response(reply.body === undefined ? '' : JSON.stringify(reply.body), { status: reply.status ?? 200 });
    }),
  );
  return calls;
}

export function member(over: Partial<StaffMe> = {}): StaffMe {
  return {
    id: 'm1',
    email: 'asha@example.com',
    name: 'Asha Rao',
    role: 'recruiter',
    totpEnabled: false,
    mustEnrollTotp: false,
    idleTimeoutSeconds: 1800,
    expiresAt: new Date(Date.now() + 12 * 3600 * 1000).toISOString(),
    ...over,
  };
}

/** Where the router is, shown for assertions. */
export function LocationProbe() {
  const l = useLocation();
  return <span data-testid="location">{l.pathname + l.search}</span>;
}

/** Renders ui at url (under /admin), as a screen of a signed-in member when me is given. */
export function renderAdmin(ui: ReactNode, url = '/admin', me?: StaffMe): RenderResult {
  const inner = me ? <StaffContext.Provider value={me}>{ui}</StaffContext.Provider> : ui;
  return render(
    <MemoryRouter basename="/admin" initialEntries={[url]}>
      {inner}
      <LocationProbe />
    </MemoryRouter>,
  );
}

/**
 * Renders a screen mounted the way the shell mounts it (pattern, e.g.
 * "/admin/blog/*"), opened at path.
 */
export function renderScreen(pattern: string, screen: ReactNode, path: string): RenderResult {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={pattern} element={screen} />
      </Routes>
    </MemoryRouter>,
  );
}

/**
 * Renders a screen as renderScreen does, for a signed-in member of role
 * (member's other details).
 */
export function renderScreenAs(role: string, pattern: string, screen: ReactNode, path: string): RenderResult {
  return renderScreen(pattern, <StaffContext.Provider value={member({ role })}>{screen}</StaffContext.Provider>, path);
}

/**
 * Stubs fetch with an answer ([status, body]) per staff API URL, query
 * included; any other URL is the API's 404. Returns the stub, whose calls
 * and implementation a test may look at or change.
 */
export function serveUrls(answers: Record<string, [number, unknown]>) {
  const fetch = vi.fn((url: string) => {
    const a = answers[url];
    if (!a) return Promise.resolve(new Response(JSON.stringify(apiError('No such API endpoint.', undefined, 'not_found')), { status: 404 }));
    return Promise.resolve(new Response(JSON.stringify(a[1]), { status: a[0] }));
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** A JSON answer with status, for a fetch stub. */
export function jsonAnswer(status: number, body: unknown): Promise<Response> {
  return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
}

/** A fetch call as the full URL asked for (with /api/admin and the query). */
export interface UrlCall {
  method: string;
  url: string;
  body: unknown;
}

/** Stubs fetch with answer (status 200 unless it says otherwise) and returns the calls made, in order. */
export function stubFetchUrls(answer: (c: UrlCall) => { status?: number; body: unknown }): UrlCall[] {
  const calls: UrlCall[] = [];
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    const c = { method: init?.method ?? 'GET', url, body: init?.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(c);
    const a = answer(c);
    return Promise.resolve(new Response(JSON.stringify(a.body), { status: a.status ?? 200 }));
  });
  return calls;
}
