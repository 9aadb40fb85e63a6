import { describe, expect, it } from 'vitest';
import { NOT_FOUND_PAGE, PAGE_ROUTES } from '../gen/wire';
import { allPages } from './all-pages';
import { pageNameOf, pagesByName } from './page-modules';

// The page modules that exist (the same glob as the entries, not loaded).
const moduleNames = Object.keys(import.meta.glob(['../pages/*.tsx', '!../pages/*.test.tsx'])).map(pageNameOf);
const routedNames = [...PAGE_ROUTES.map((r) => r.page), NOT_FOUND_PAGE];

describe('page modules', () => {
  it('has a module for every page of the Go route table', () => {
    for (const name of routedNames) expect(moduleNames, `src/pages/${name}.tsx`).toContain(name);
  });

  it('has a route for every page module', () => {
    for (const name of moduleNames) expect(routedNames, `route for src/pages/${name}.tsx`).toContain(name);
  });

  it('loads every page with a default component for the server renderer', () => {
    expect(Object.keys(allPages).sort()).toEqual([...routedNames].sort());
    for (const mod of Object.values(allPages)) expect(typeof mod.default).toBe('function');
  });

  it('names a page after its file', () => {
    expect(pageNameOf('../pages/contact-us.tsx')).toBe('contact-us');
    expect(pageNameOf('./pages/home.tsx')).toBe('home');
    expect(pageNameOf('../pages/home.test.tsx')).toBeUndefined();
    expect(pageNameOf('../components/home.tsx')).toBeUndefined();
    expect(pagesByName({ './pages/a.tsx': 1, './lib/b.tsx': 2 })).toEqual({ a: 1 });
  });
});
