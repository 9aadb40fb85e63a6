import { useState } from 'react';
import { NavLink, useLocation } from '../../lib/router';
import { contactLink, headerCopy, headerItems } from './nav-data';
import { ServicesDropdown } from './services-dropdown';
import { NavLabel } from './nav-label';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `whitespace-nowrap rounded-md px-2 py-2 text-sm font-medium transition-colors lg:px-3 ${
    isActive ? 'bg-brand-50 font-semibold text-brand-700' : 'text-slate-700 hover:bg-slate-100 hover:text-brand-800'
  }`;

/** The header's links from md up. */
export function DesktopNav() {
  const { pathname } = useLocation();
  // Which dropdown is open, tied to the page it was opened on: at most one
  // is open, and navigating closes it.
  const [open, setOpen] = useState<{ menu: string; path: string } | null>(null);
  const openMenu = open?.path === pathname ? open.menu : null;

  return (
    <nav aria-label={headerCopy.navLabel} className="hidden md:block">
      <ul className="flex items-center lg:gap-1">
        {headerItems.map((item) => (
          <li key={item.to}>
            {item.dropdown ? (
              <ServicesDropdown
                label={item.label}
                open={openMenu === item.to}
                onOpenChange={(next) => setOpen(next ? { menu: item.to, path: pathname } : null)}
              />
            ) : (
              <NavLink to={item.to} end className={linkClass}>
                <NavLabel link={item} />
              </NavLink>
            )}
          </li>
        ))}
        <li className="ml-1 lg:ml-2">
          <NavLink
            to={contactLink.to}
            end
            className={({ isActive }) =>
              `inline-block whitespace-nowrap rounded-md px-3 py-2 text-sm font-semibold lg:px-4 text-white shadow-sm transition-colors ${
                isActive ? 'bg-brand-900' : 'bg-brand-700 hover:bg-brand-800'
              }`
            }
          >
            {contactLink.label}
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}
