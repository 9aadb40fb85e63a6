import { useEffect, useLayoutEffect } from 'react';
import { markTakenOver, replayEarlyActions, whenTakenOver } from '../lib/early-input';
import { useRoutes } from '../lib/router';
import { useKeepVisitSource } from '../lib/visit-source';
import { ApiProvider, type ApiCache } from '../lib/api';
import { ClockProvider } from '../lib/clock';
import { SettingsProvider } from '../lib/settings';
import type { Settings } from '../gen/wire';
import { PagesProvider, type PageRegistry } from './pages';
import { routes } from './routes';
import { ErrorBoundary, ErrorScreen } from '../components/error-screen';
import { Layout } from '../components/layout/layout';
import { ToastProvider } from '../components/toast/toast-provider';

export interface AppProps {
  cache: ApiCache;
  registry: PageRegistry;
  /** The server's clock at render time (boot data), for stable dates. */
  now: Date;
  /** The operator's settings the pages state (boot data). */
  settings: Settings;
  /** The server failed to render this page: show the error screen. */
  failed?: boolean;
}

/** The whole site below the router; the entries wrap it in a router. */
export function App({ cache, registry, now, settings, failed }: AppProps) {
  // From the hydration's commit on, taps and submits are the app's: the
  // page's loader stops holding them back.
  useLayoutEffect(markTakenOver, []);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let gone = false;
    // Once every part of the page has hydrated (some do in later tasks, see HydrateLater):
    whenTakenOver(() => {
      if (gone) return;
      // Marks the page as interactive (end-to-end tests wait for it).
      document.documentElement.dataset.hydrated = 'true';
      // What the visitor tapped or submitted before, once the page's own
      // effects (a form enabling its button, say) have rendered.
      timer = setTimeout(replayEarlyActions, 0);
    });
    return () => {
      gone = true;
      clearTimeout(timer);
    };
  }, []);
  return (
    <SettingsProvider settings={settings}>
      <ClockProvider now={now}>
        <ApiProvider cache={cache}>
          <PagesProvider registry={registry}>
            <ToastProvider>
              {failed ? (
                <Layout>
                  <ErrorScreen />
                </Layout>
              ) : (
                <ErrorBoundary>
                  <AppRoutes />
                </ErrorBoundary>
              )}
            </ToastProvider>
          </PagesProvider>
        </ApiProvider>
      </ClockProvider>
    </SettingsProvider>
  );
}

function AppRoutes() {
  useKeepVisitSource();
  return useRoutes(routes);
}
