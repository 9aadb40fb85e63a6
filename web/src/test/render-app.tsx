// Rendering helpers for tests: the whole app at a URL, or one component
// inside the same providers, with API data and a fixed clock.
import './dom-stubs';
import { cleanup, render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, useLocation } from '../lib/router';
import { afterEach } from 'vitest';
import { App } from '../app/app';
import { PagesProvider, staticRegistry } from '../app/pages';
import { ApiCache, ApiProvider } from '../lib/api';
import { ClockProvider } from '../lib/clock';
import { SettingsProvider } from '../lib/settings';
import type { Settings } from '../gen/wire';
import { ToastProvider } from '../components/toast/toast-provider';
import type { Result } from '../gen/wire';
import { allPages } from '../app/all-pages';

afterEach(cleanup);

export const testRegistry = staticRegistry(allPages);

/**
 * The operator's settings tests render with: a retention period other than
 * the server's default, so a test can tell it came from the settings.
 */
export const TEST_SETTINGS: Settings = { retentionDays: 180, siteUrl: 'https://site.test' };

/** The server clock tests run at unless they say otherwise. */
export const TEST_NOW = new Date('2026-11-21T10:00:00Z');

export interface RenderOptions {
  /** API responses by path, as boot data gives them. */
  api?: Record<string, Result>;
  now?: Date;
}

function appAt(url: string, { api = {}, now = TEST_NOW }: RenderOptions): ReactNode {
  return (
    <MemoryRouter initialEntries={[url]}>
      <App cache={new ApiCache(api)} registry={testRegistry} now={now} settings={TEST_SETTINGS} />
    </MemoryRouter>
  );
}

/** Renders the whole site at url, as the server and browser entries do. */
export function renderApp(url: string, options: RenderOptions = {}): RenderResult {
  return render(appAt(url, options));
}

/**
 * The whole site at url as the browser gets it: the server's HTML, then
 * hydrated. Returns that HTML too, to compare what hydration left.
 */
export function hydrateApp(url: string, options: RenderOptions = {}): RenderResult & { serverHTML: string } {
  const container = document.body.appendChild(document.createElement('div'));
  const serverHTML = renderToString(appAt(url, options));
  container.innerHTML = serverHTML;
  return Object.assign(render(appAt(url, options), { container, hydrate: true }), { serverHTML });
}

/** Renders ui at route inside the app's providers, with the current path shown in a test id "location". */
export function renderWithProviders(
  ui: ReactNode,
  { route = '/', api = {}, now = TEST_NOW }: RenderOptions & { route?: string } = {},
): RenderResult {
  return render(
    <MemoryRouter initialEntries={[route]}>
      <SettingsProvider settings={TEST_SETTINGS}>
        <ClockProvider now={now}>
          <ApiProvider cache={new ApiCache(api)}>
            <PagesProvider registry={testRegistry}>
              <ToastProvider>
                {ui}
                <LocationProbe />
              </ToastProvider>
            </PagesProvider>
          </ApiProvider>
        </ClockProvider>
      </SettingsProvider>
    </MemoryRouter>,
  );
}

function LocationProbe() {
  const { pathname } = useLocation();
  return <span data-testid="location">{pathname}</span>;
}
