// Page modules are found by file name, not listed by hand: the page named
// "contact-us" in the generated route table is src/pages/contact-us.tsx.
// The entries glob src/pages (lazily in the browser, eagerly on the server)
// and key what they find with pagesByName.
import type { PageName } from '../gen/wire';

/** The page name of a module path: "../pages/contact-us.tsx" → "contact-us"; undefined for other files. */
export function pageNameOf(modulePath: string): string | undefined {
  return /\/pages\/([a-z0-9-]+)\.tsx$/.exec(modulePath)?.[1];
}

/**
 * Keys glob results by page name. A page of the route table without a
 * module is simply absent; page-modules.test.ts fails in that case, and
 * when a module has no route.
 */
export function pagesByName<T>(modules: Record<string, T>): Record<PageName, T> {
  const out: Record<string, T> = {};
  for (const [path, mod] of Object.entries(modules)) {
    const name = pageNameOf(path);
    if (name) out[name] = mod;
  }
  return out as Record<PageName, T>;
}
