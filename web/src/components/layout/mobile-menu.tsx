import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, NavLink, useLocation } from '../../lib/router';
import { MD_UP } from '../../lib/breakpoints';
import { ChevronDownIcon, CloseIcon, MenuIcon } from '../icons';
import { LogoLockup } from './logo';
import { allServicesLink, contactLink, headerCopy, headerItems, homeLinkLabel, isServicesPath, serviceLinks } from './nav-data';
import { NavLabel } from './nav-label';

const itemClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-lg px-4 py-3 text-lg font-medium ${
    isActive ? 'bg-brand-50 font-semibold text-brand-700' : 'text-slate-800 hover:bg-slate-100'
  }`;

/**
 * The small-screen menu: a Menu button and a full-screen dialog with every
 * link. Focus moves into the dialog on open and back to the button on
 * close; the page behind does not scroll while it is open.
 */
export function MobileMenu() {
  const { pathname } = useLocation();
  // The menu belongs to the page it was opened on, so any navigation
  // (a link here, the Back button) closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const [servicesOpen, setServicesOpen] = useState(false);
  const dialogId = useId();
  const servicesId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const wasOpen = useRef(false);

  const close = () => setOpenOn(null);

  useEffect(() => {
    if (open) {
      wasOpen.current = true;
      closeButton.current?.focus();
    } else if (wasOpen.current) {
      wasOpen.current = false;
      menuButton.current?.focus();
    }
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const body = document.body;
    const overflow = body.style.overflow;
    body.style.overflow = 'hidden';
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape') setOpenOn(null);
    };
    document.addEventListener('keydown', onKey);
    // Growing past md shows the desktop links: the dialog has no place there.
    const wide = typeof window.matchMedia === 'function' ? window.matchMedia(MD_UP) : null;
    const onWide = (e: MediaQueryListEvent) => e.matches && setOpenOn(null);
    wide?.addEventListener('change', onWide);
    return () => {
      body.style.overflow = overflow;
      document.removeEventListener('keydown', onKey);
      wide?.removeEventListener('change', onWide);
    };
  }, [open]);

  // Keeps Tab and Shift+Tab inside the dialog.
  const trapFocus = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Tab' || !dialog.current) return;
    const items = dialog.current.querySelectorAll<HTMLElement>('a[href], button:not([disabled])');
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="md:hidden">
      <button
        ref={menuButton}
        type="button"
        aria-expanded={open}
        aria-controls={dialogId}
        onClick={() => {
          setServicesOpen(isServicesPath(pathname));
          setOpenOn(pathname);
        }}
        className="flex items-center gap-2 rounded-md px-3 py-2 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-100"
      >
        <MenuIcon />
        {headerCopy.menuLabel}
      </button>

      <div
        ref={dialog}
        id={dialogId}
        role="dialog"
        aria-modal="true"
        aria-label={headerCopy.menuDialogLabel}
        hidden={!open}
        onKeyDown={trapFocus}
        className="fixed inset-0 z-50 flex flex-col overflow-y-auto bg-white"
      >
        <div className="flex h-16 shrink-0 items-center justify-between border-b border-slate-200 px-4">
          <Link to="/" aria-label={homeLinkLabel} onClick={close} className="rounded-md">
            <LogoLockup />
          </Link>
          <button
            ref={closeButton}
            type="button"
            aria-label={headerCopy.closeMenuLabel}
            onClick={close}
            className="rounded-md p-2 text-slate-800 ring-1 ring-slate-300 hover:bg-slate-100"
          >
            <CloseIcon className="size-6" />
          </button>
        </div>

        <nav aria-label={headerCopy.navLabel} className="flex-1 px-4 py-6">
          <ul className="space-y-1">
            {headerItems.map((item) =>
              item.dropdown ? (
                <li key={item.to}>
                  <button
                    type="button"
                    aria-expanded={servicesOpen}
                    aria-controls={servicesId}
                    onClick={() => setServicesOpen((v) => !v)}
                    className={`flex w-full items-center justify-between rounded-lg px-4 py-3 text-left text-lg font-medium ${
                      isServicesPath(pathname) ? 'bg-brand-50 font-semibold text-brand-700' : 'text-slate-800 hover:bg-slate-100'
                    }`}
                  >
                    {item.label}
                    <ChevronDownIcon className={`size-5 transition-transform motion-reduce:transition-none ${servicesOpen ? 'rotate-180' : ''}`} />
                  </button>
                  <ul id={servicesId} hidden={!servicesOpen} className="mt-1 space-y-1 border-l-2 border-brand-100 pl-3 ml-4">
                    {[allServicesLink, ...serviceLinks].map((link) => (
                      <li key={link.to}>
                        <NavLink
                          to={link.to}
                          end
                          onClick={close}
                          className={({ isActive }) =>
                            `block rounded-lg px-4 py-2.5 text-base ${
                              isActive ? 'bg-brand-50 font-semibold text-brand-700' : 'text-slate-700 hover:bg-slate-100'
                            }`
                          }
                        >
                          {link.label}
                        </NavLink>
                      </li>
                    ))}
                  </ul>
                </li>
              ) : (
                <li key={item.to}>
                  <NavLink to={item.to} end onClick={close} className={itemClass}>
                    <NavLabel link={item} />
                  </NavLink>
                </li>
              ),
            )}
          </ul>
          <NavLink
            to={contactLink.to}
            end
            onClick={close}
            className={({ isActive }) =>
              `mt-6 block rounded-lg px-4 py-3 text-center text-lg font-semibold text-white ${
                isActive ? 'bg-brand-900' : 'bg-brand-700 hover:bg-brand-800'
              }`
            }
          >
            {contactLink.label}
          </NavLink>
        </nav>
      </div>
    </div>
  );
}
