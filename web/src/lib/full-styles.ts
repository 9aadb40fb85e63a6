// The server puts into each page, inline, only the part of the site's style
// sheet that the page's own markup and scripts use, so that the first paint
// waits for no file and the browser styles a few rules, not all of them.
// The whole sheet (its cached, hashed file, named in #app-modules) is added
// here once the page is interactive and the browser is idle, so it never
// holds up the first paint; and before the router shows another page, whose
// classes the inline part may lack, the router waits for it.

let pending: Promise<boolean> | undefined;
let loaded = false;

/** The whole style sheet's files, as #app-modules names them. */
function sheetFiles(): string[] {
  try {
    const m = JSON.parse(document.getElementById('app-modules')?.textContent ?? '{}') as { styles?: unknown };
    return Array.isArray(m.styles) ? m.styles.filter((s): s is string => typeof s === 'string') : [];
  } catch {
    return [];
  }
}

/** Adds one style sheet; resolves true once it applies, false when it cannot be loaded. */
function addSheet(href: string): Promise<boolean> {
  return new Promise((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.addEventListener('load', () => resolve(true), { once: true });
    link.addEventListener(
      'error',
      () => {
        link.remove();
        resolve(false);
      },
      { once: true },
    );
    document.head.append(link);
  });
}

/**
 * Adds the whole style sheet, once. Resolves true when it applies; false
 * when it could not be loaded (asked again on the next call).
 */
export function loadFullStyles(): Promise<boolean> {
  pending ??= Promise.all(sheetFiles().map(addSheet)).then((ok) => {
    loaded = ok.every(Boolean);
    if (!loaded) pending = undefined;
    return loaded;
  });
  return pending;
}

/**
 * What a navigation waits for before it shows another page: nothing
 * (undefined) once the whole sheet applies; else the sheet, asked for now
 * if it was not yet (true once it applies, false if it cannot be loaded).
 */
export function fullStylesPending(): Promise<boolean> | undefined {
  return loaded ? undefined : loadFullStyles();
}

/** Adds the whole style sheet when the browser is next idle (after hydration). */
export function loadFullStylesWhenIdle(): void {
  const load = () => void loadFullStyles();
  if ('requestIdleCallback' in self) requestIdleCallback(load, { timeout: 3000 });
  else setTimeout(load, 1);
}
