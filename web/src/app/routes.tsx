import type { RouteObject } from 'react-router';
import { Layout } from '../components/layout/layout';
import { Page, type PageName } from './pages';

/** Path → page. The Go server has the same table for data and status codes. */
export const pagePaths: { path: string; page: PageName }[] = [
  { path: '/', page: 'home' },
  { path: '/job/:id', page: 'job' },
  { path: '*', page: 'not-found' },
];

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: pagePaths.map(({ path, page }) => ({ path, element: <Page name={page} /> })),
  },
];
