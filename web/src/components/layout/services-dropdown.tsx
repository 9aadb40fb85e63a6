import { useEffect, useId, useRef, type PointerEvent as ReactPointerEvent } from 'react';
import { NavLink, useLocation } from '../../lib/router';
import { MD_UP, mediaMatches } from '../../lib/breakpoints';
import { ChevronDownIcon } from '../icons';
import { allServicesLink, isServicesPath, serviceLinks, type NavTarget } from './nav-data';

interface Props {
  label: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The desktop Services disclosure: a button that shows a panel of links.
 * A mouse opens it on hover (from md up) and closes it on leave; a click,
 * Enter or Space toggles it; Escape, a press outside or focus moving away
 * closes it.
 */
export function ServicesDropdown({ label, open, onOpenChange }: Props) {
  const { pathname } = useLocation();
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  // A click right after hover-opening keeps the panel open instead of
  // closing what the visitor is about to use.
  const hoverOpened = useRef(false);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) onOpenChange(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, onOpenChange]);

  const desktopMouse = (e: ReactPointerEvent) => e.pointerType === 'mouse' && mediaMatches(MD_UP);

  return (
    <div
      ref={rootRef}
      className="relative"
      onPointerEnter={(e) => {
        if (!open && desktopMouse(e)) {
          hoverOpened.current = true;
          onOpenChange(true);
        }
      }}
      onPointerLeave={(e) => {
        if (open && desktopMouse(e)) onOpenChange(false);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          onOpenChange(false);
          triggerRef.current?.focus();
        }
      }}
      onBlur={(e) => {
        const next = e.relatedTarget;
        if (open && next instanceof Node && !rootRef.current?.contains(next)) onOpenChange(false);
      }}
    >
      <button
        ref={triggerRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          const pin = open && hoverOpened.current;
          hoverOpened.current = false;
          if (!pin) onOpenChange(!open);
        }}
        className={`flex items-center gap-1 whitespace-nowrap rounded-md px-2 py-2 text-sm font-medium transition-colors lg:px-3 ${
          isServicesPath(pathname)
            ? 'bg-brand-50 font-semibold text-brand-700'
            : 'text-slate-700 hover:bg-slate-100 hover:text-brand-800'
        }`}
      >
        {label}
        <ChevronDownIcon className={`size-4 transition-transform motion-reduce:transition-none ${open ? 'rotate-180' : ''}`} />
      </button>
      <div id={panelId} hidden={!open} className="absolute left-1/2 top-full w-80 -translate-x-1/2 pt-2">
        <ul className="max-h-96 overflow-auto rounded-xl bg-white p-2 shadow-lg ring-1 ring-slate-200">
          {[allServicesLink, ...serviceLinks].map((link) => (
            <li key={link.to}>
              <PanelLink link={link} onChoose={() => onOpenChange(false)} />
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

function PanelLink({ link, onChoose }: { link: NavTarget; onChoose: () => void }) {
  return (
    <NavLink
      to={link.to}
      end
      onClick={onChoose}
      className={({ isActive }) =>
        `block rounded-lg px-3 py-2.5 transition-colors ${isActive ? 'bg-brand-50' : 'hover:bg-slate-100'}`
      }
    >
      {({ isActive }) => (
        <>
          <span className={`block text-sm font-semibold ${isActive ? 'text-brand-700' : 'text-slate-900'}`}>
            {link.label}
          </span>
          {link.summary && <span className="mt-0.5 block text-sm text-slate-600">{link.summary}</span>}
        </>
      )}
    </NavLink>
  );
}
