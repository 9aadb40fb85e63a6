import type { RouteObject } from 'react-router';
import { Layout } from '../components/layout/layout';
import { Page, type PageName } from './pages';

/**
 * Path → page. The Go server has the same table for data and status codes;
 * like Go's router, matching is case-sensitive (/ABOUT is not /about).
 */
export const pagePaths: { path: string; page: PageName; caseSensitive: true }[] = [
  { path: '/', page: 'home', caseSensitive: true },
  { path: '/job/:id', page: 'job', caseSensitive: true },
  { path: '/about', page: 'about', caseSensitive: true },
  { path: '/technologies', page: 'technologies', caseSensitive: true },
  { path: '/services', page: 'services', caseSensitive: true },
  { path: '/service1', page: 'service1', caseSensitive: true },
  { path: '/service2', page: 'service2', caseSensitive: true },
  { path: '/service3', page: 'service3', caseSensitive: true },
  { path: '/more', page: 'more', caseSensitive: true },
  { path: '/privacy', page: 'privacy', caseSensitive: true },
  { path: '/terms', page: 'terms', caseSensitive: true },
  { path: '/contact-us', page: 'contact-us', caseSensitive: true },
  { path: '/career', page: 'career', caseSensitive: true },
  { path: '*', page: 'not-found', caseSensitive: true },
];

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: pagePaths.map(({ path, page, caseSensitive }) => ({ path, caseSensitive, element: <Page name={page} /> })),
  },
];
