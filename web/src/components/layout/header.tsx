import { NavLink } from 'react-router';
import site from '../../../../content/site.json';

export function Header() {
  return (
    <header className="fixed inset-x-0 top-0 z-50 h-16 border-b border-slate-200 bg-white">
      <nav aria-label="Main" className="mx-auto flex h-full max-w-7xl items-center gap-6 px-4">
        <NavLink to="/" className="font-bold text-brand-800">
          {site.name}
        </NavLink>
        <NavLink to="/" end>
          Home
        </NavLink>
      </nav>
    </header>
  );
}
