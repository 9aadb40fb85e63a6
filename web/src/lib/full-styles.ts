// The server puts into each page, inline, only the part of the site's style
// sheet that the page's own markup and scripts use, so that the first paint
// waits for no file and the browser styles a few rules, not all of them.
// That part is all the page on screen needs. The whole sheet (its cached,
// hashed file, named in #app-modules) is for the pages the router shows
// next, whose classes the inline part may lack.
//
// Applying a sheet makes the browser style every element of the page again
// (on the application form, some 1,400 elements: a task of 150 ms and more
// on a phone). So when the browser is idle after hydration the sheet is only
// fetched and parsed, as a print sheet that no screen applies; it is
// applied (its media set to all) just before the router shows another page,
// which the router waits for, and which styles a new page anyway.

import { whenIdle } from './when-idle';

/** The media of a sheet fetched and parsed but applied to no screen. */
const PREPARED = 'print';

let prepared: Promise<boolean> | undefined;
let pending: Promise<boolean> | undefined;
let links: HTMLLinkElement[] = [];
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

/** Adds one style sheet, applied to no screen yet; resolves true once it is loaded, false when it cannot be. */
function addSheet(link: HTMLLinkElement): Promise<boolean> {
  return new Promise((resolve) => {
    link.addEventListener('load', () => resolve(true), { once: true });
    link.addEventListener('error', () => resolve(false), { once: true });
    document.head.append(link);
  });
}

/**
 * Fetches and parses the whole style sheet, once, without applying it.
 * Resolves true when every file is loaded; false when one could not be
 * (then the links go, and the next call asks again).
 */
export function prepareFullStyles(): Promise<boolean> {
  prepared ??= (() => {
    links = sheetFiles().map((href) => {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.media = PREPARED;
      link.href = href;
      return link;
    });
    return Promise.all(links.map(addSheet)).then((ok) => {
      if (ok.every(Boolean)) return true;
      for (const l of links) l.remove();
      links = [];
      prepared = undefined;
      return false;
    });
  })();
  return prepared;
}

/**
 * Applies the whole style sheet, once (fetching it first if it was not).
 * Resolves true when it applies; false when it could not be loaded (asked
 * again on the next call).
 */
export function loadFullStyles(): Promise<boolean> {
  pending ??= prepareFullStyles().then((ok) => {
    if (ok) for (const l of links) l.media = 'all';
    loaded = ok;
    if (!ok) pending = undefined;
    return ok;
  });
  return pending;
}

/**
 * What a navigation waits for before it shows another page: nothing
 * (undefined) once the whole sheet applies; else the sheet, fetched now
 * if it was not yet (true once it applies, false if it cannot be loaded).
 */
export function fullStylesPending(): Promise<boolean> | undefined {
  return loaded ? undefined : loadFullStyles();
}

/** Fetches the whole style sheet when the browser is next idle (after hydration), applying it to nothing yet. */
export function prepareFullStylesWhenIdle(): void {
  whenIdle(() => void prepareFullStyles(), 3000);
}
