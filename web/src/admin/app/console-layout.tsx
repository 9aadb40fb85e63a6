// The signed-in console: skip link, header (who is signed in, account, sign
// out), the navigation to the screens the member's role may open, and the
// main region where each screen is loaded when first opened.
import { lazy, Suspense, useEffect, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { Link, NavLink, Route, Routes, useLocation } from 'react-router';
import type { StaffMe } from '../../gen/wire';
import { AccountScreen } from '../account/account-screen';
import { screens, type Screen } from '../screens';
import { allowed, StaffContext } from '../staff-context';
import { useFocusHeadingOnNavigate } from './focus-heading';
import { NoAccess, NotFound } from './plain-screens';
import { roleLabel } from './roles';
import { ScreenBoundary } from './screen-boundary';

const MAIN_ID = 'main';

// Each screen's code is fetched the first time it is opened.
const lazyScreens: readonly { screen: Screen; Component: LazyExoticComponent<ComponentType> }[] = screens.map((screen) => ({
  screen,
  Component: lazy(screen.load),
}));

const CONSOLE_TITLE = 'Staff console';

/** The window title at path: the screen's name, then the console's. */
export function titleFor(path: string): string {
  const first = path.split('/')[1] ?? '';
  const name = first === 'account' ? 'Your account' : screens.find((s) => s.path === first)?.label;
  return name ? `${name} – ${CONSOLE_TITLE}` : CONSOLE_TITLE;
}

interface Props {
  me: StaffMe;
  onSignOut: () => void;
  onSignOutEverywhere: () => void;
  /** Reloads the signed-in member (e.g. after two-step sign-in was turned on). */
  onMeChanged: () => void;
}

const headerButton =
  'rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50';

export function ConsoleLayout({ me, onSignOut, onSignOutEverywhere, onMeChanged }: Props) {
  const location = useLocation();
  // The menu is open on the screen it was opened on: moving to another
  // screen closes it, with no effect that could run after a later click.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === location.pathname;
  useFocusHeadingOnNavigate(location.pathname, MAIN_ID);
  useEffect(() => {
    document.title = titleFor(location.pathname);
  }, [location.pathname]);

  const visible = lazyScreens.filter(({ screen }) => allowed(me.role, screen.roles));

  return (
    <StaffContext.Provider value={me}>
      <div className="min-h-screen bg-slate-50 text-slate-900">
        <a
          href={`#${MAIN_ID}`}
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-10 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:text-sm focus:font-medium"
        >
          Skip to content
        </a>
        <header className="border-b border-slate-200 bg-white">
          <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
            <Link to="/" className="font-semibold text-slate-900">
              Staff console
            </Link>
            <p className="text-sm text-slate-700">
              {me.name} <span aria-hidden="true">·</span> <span className="sr-only">role: </span>
              {roleLabel(me.role)}
            </p>
            <div className="ml-auto flex flex-wrap items-center gap-2">
              <button
                type="button"
                className={`${headerButton} md:hidden`}
                aria-expanded={menuOpen}
                aria-controls="console-nav"
                onClick={() => setMenuOpenOn(menuOpen ? null : location.pathname)}
              >
                Menu
              </button>
              <Link to="/account" className={headerButton}>
                Account
              </Link>
              <button type="button" className={headerButton} onClick={onSignOut}>
                Sign out
              </button>
              {/* On a phone it is in the menu, so that the header keeps to one row. */}
              <button type="button" className={`${headerButton} hidden md:inline-block`} onClick={onSignOutEverywhere}>
                Sign out everywhere
              </button>
            </div>
          </div>
        </header>
        <div className="mx-auto max-w-7xl md:flex md:gap-6 md:px-4">
          <nav
            id="console-nav"
            aria-label="Console"
            className={`${menuOpen ? 'block' : 'hidden'} border-b border-slate-200 bg-white px-4 py-3 md:block md:w-52 md:shrink-0 md:border-0 md:bg-transparent md:px-0 md:py-6`}
          >
            <ul className="space-y-1">
              {visible.map(({ screen }) => (
                <li key={screen.path}>
                  <NavLink
                    to={`/${screen.path}`}
                    end={screen.path === ''}
                    className={({ isActive }) =>
                      `block rounded-md px-3 py-2 text-sm font-medium ${isActive ? 'bg-blue-700 text-white' : 'text-slate-800 hover:bg-slate-200'}`
                    }
                  >
                    {screen.label}
                  </NavLink>
                </li>
              ))}
            </ul>
            {menuOpen && (
              <div className="mt-3 border-t border-slate-200 pt-3 md:hidden">
                <button type="button" className={headerButton} onClick={onSignOutEverywhere}>
                  Sign out everywhere
                </button>
              </div>
            )}
          </nav>
          <main id={MAIN_ID} tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 focus:outline-none">
            <ScreenBoundary resetKey={location.pathname}>
              <Suspense fallback={<p role="status">Loading…</p>}>
                <Routes>
                  {lazyScreens.map(({ screen, Component }) => {
                    const element = allowed(me.role, screen.roles) ? <Component /> : <NoAccess />;
                    return screen.path ? (
                      <Route key={screen.path} path={`${screen.path}/*`} element={element} />
                    ) : (
                      <Route key="" index element={element} />
                    );
                  })}
                  <Route path="account/*" element={<AccountScreen onChanged={onMeChanged} />} />
                  <Route path="*" element={<NotFound />} />
                </Routes>
              </Suspense>
            </ScreenBoundary>
          </main>
        </div>
      </div>
    </StaffContext.Provider>
  );
}
