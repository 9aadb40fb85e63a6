import type { ReactNode } from 'react';
import { Outlet, useLocation } from '../../lib/router';
import { ErrorBoundary } from '../error-screen';
import { Footer } from './footer';
import { Header } from './header';
import { useScrollToTop } from './use-scroll-to-top';

/** The frame of every page: skip link, fixed header, content, footer. */
export function Layout({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  useScrollToTop();
  return (
    <div className="flex min-h-screen flex-col bg-white text-slate-900">
      <a
        href="#main"
        className="sr-only z-[60] rounded-md bg-white px-4 py-2 font-semibold text-brand-800 focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="flex-1 pt-16 outline-none">
        {children ?? (
          <ErrorBoundary key={pathname}>
            <Outlet />
          </ErrorBoundary>
        )}
      </main>
      <Footer />
    </div>
  );
}
