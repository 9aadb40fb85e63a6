// The browser's entry: hydrates the server-rendered page with the same boot
// data, after loading the chunk of the page on screen.
import './styles.css';
import './lib/effect-timing';
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter, matchRoutes } from './lib/router';
import { App } from './app/app';
import { pagesByName } from './app/page-modules';
import { lazyRegistry, type PageModule } from './app/pages';
import { pagePaths } from './app/routes';
import { NOT_FOUND_PAGE, type BootData, type PageName } from './gen/wire';
import { ApiCache } from './lib/api';
import { captureEarlyInput } from './lib/early-input';
import { fullStylesPending, prepareFullStylesWhenIdle } from './lib/full-styles';
import { whenIdle } from './lib/when-idle';

// One chunk per page, found by file name (src/pages/<page>.tsx).
const registry = lazyRegistry(pagesByName(import.meta.glob<PageModule>(['./pages/*.tsx', '!./pages/*.test.tsx'])));

function readBoot(): BootData {
  const el = document.getElementById('boot-data');
  return JSON.parse(el?.textContent ?? '{"api":{},"now":""}') as BootData;
}

async function start() {
  const boot = readBoot();
  const match = matchRoutes(pagePaths, window.location.pathname);
  const route = match?.[0]?.route;
  const page = route?.page as PageName | undefined;
  if (page) await registry.load(page).catch(() => undefined);
  const root = document.getElementById('root')!;
  // What the visitor typed before now, read before hydration touches the fields.
  captureEarlyInput(root);
  // React hydrates in a transition in slices, yielding to the browser;
  // Preact (what the public site runs on) hydrates at once, in far less time.
  // The hydration's length is a User Timing measure ("hydrate"), for the page's profile.
  performance.mark('hydrate-start');
  startTransition(() => {
    hydrateRoot(
      root,
      <BrowserRouter beforeShow={fullStylesPending}>
        <App cache={new ApiCache(boot.api)} registry={registry} now={new Date(boot.now)} settings={boot.settings} failed={boot.error} />
      </BrowserRouter>,
    );
  });
  performance.measure('hydrate', 'hydrate-start');
  prepareFullStylesWhenIdle();
  if (route && page !== NOT_FOUND_PAGE) measureVitals(route.path);
}

// Real-user Core Web Vitals: the measuring code is loaded only once the
// page has loaded and the browser is idle, off the critical path.
function measureVitals(pattern: string) {
  const load = () => void import('./lib/vitals').then((m) => m.startVitals(pattern), () => undefined);
  const later = () => whenIdle(load, 5000);
  if (document.readyState === 'complete') later();
  else addEventListener('load', later, { once: true });
}

void start();
