import type { RouteObject } from '../lib/router';
import { Layout } from '../components/layout/layout';
import { NOT_FOUND_PAGE, PAGE_ROUTES, type PageName } from '../gen/wire';
import { Page } from './pages';

/**
 * Path → page: the Go server's route table (generated), then not-found for
 * every other path. Like Go's router, matching is case-sensitive (/ABOUT
 * is not /about).
 */
export const pagePaths: { path: string; page: PageName; caseSensitive: true }[] = [
  ...PAGE_ROUTES.map(({ path, page }) => ({ path, page, caseSensitive: true as const })),
  { path: '*', page: NOT_FOUND_PAGE, caseSensitive: true },
];

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: pagePaths.map(({ path, page, caseSensitive }) => ({ path, caseSensitive, element: <Page name={page} /> })),
  },
];
