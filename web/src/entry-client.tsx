// The browser's entry: hydrates the server-rendered page with the same boot
// data, after loading the chunk of the page on screen.
import './styles.css';
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter, matchRoutes } from 'react-router';
import { App } from './app/app';
import { lazyRegistry, type PageName } from './app/pages';
import { pagePaths } from './app/routes';
import { ApiCache } from './lib/api';
import type { BootData } from './lib/types';

const registry = lazyRegistry({
  home: () => import('./pages/home'),
  job: () => import('./pages/job'),
  'not-found': () => import('./pages/not-found'),
  'about': () => import('./pages/about'),
  'technologies': () => import('./pages/technologies'),
  'services': () => import('./pages/services'),
  'service1': () => import('./pages/service1'),
  'service2': () => import('./pages/service2'),
  'service3': () => import('./pages/service3'),
  'more': () => import('./pages/more'),
  'privacy': () => import('./pages/privacy'),
  'terms': () => import('./pages/terms'),
  'contact-us': () => import('./pages/contact-us'),
  'career': () => import('./pages/career'),
});

function readBoot(): BootData {
  const el = document.getElementById('boot-data');
  return JSON.parse(el?.textContent ?? '{"api":{},"now":""}') as BootData;
}

async function start() {
  const boot = readBoot();
  const match = matchRoutes(pagePaths, window.location.pathname);
  const page = match?.[0]?.route.page as PageName | undefined;
  if (page) await registry.load(page).catch(() => undefined);
  hydrateRoot(
    document.getElementById('root')!,
    <BrowserRouter>
      <App cache={new ApiCache(boot.api)} registry={registry} now={new Date(boot.now)} failed={boot.error} />
    </BrowserRouter>,
  );
}

void start();
