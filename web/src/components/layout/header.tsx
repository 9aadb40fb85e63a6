import { Link } from '../../lib/router';
import { DesktopNav } from './desktop-nav';
import { LogoLockup } from './logo';
import { MobileMenu } from './mobile-menu';
import { homeLinkLabel } from './nav-data';

/** The fixed site header: logo, links from md up, a menu below md. */
export function Header() {
  return (
    <header className="fixed inset-x-0 top-0 z-50 h-16 border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-full max-w-7xl items-center justify-between gap-4 px-4 lg:px-6">
        <Link to="/" aria-label={homeLinkLabel} className="shrink-0 rounded-md">
          <LogoLockup />
        </Link>
        <DesktopNav />
        <MobileMenu />
      </div>
    </header>
  );
}
