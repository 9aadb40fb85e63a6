import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import blogCopy from '../../content/blog-pages.json' with { type: 'json' };
import { base, openHydrated, openJobs } from './helpers';

// Each page carries inline only its part of the style sheet; the whole
// sheet (the cached file) is fetched after the first paint but applied to
// no screen (media print), and the router applies it, waiting for it if
// need be, before it shows another page.

const wholeSheet = '**/assets/entry-client-*.css';

/** The computed styles that make a page's look and layout, by element kind (tag and classes). */
async function looks(page: Page): Promise<Record<string, string>> {
  return page.locator('#root').evaluate((root) => {
    // Transitions and entrance animations end now: what is compared is
    // where each element comes to rest.
    for (const a of document.getAnimations()) {
      try {
        a.finish();
      } catch {
        // An endless animation (a spinner) cannot finish: it moves no box.
      }
    }
    const props = [
      'display',
      'position',
      'box-sizing',
      'width',
      'max-width',
      'margin-top',
      'margin-left',
      'padding-top',
      'padding-left',
      'font-family',
      'font-size',
      'font-weight',
      'line-height',
      'color',
      'background-color',
      'border-top-width',
      'border-top-color',
      'border-radius',
      'grid-template-columns',
      'flex-direction',
      'gap',
    ];
    const out: Record<string, string> = {};
    for (const el of Array.from(root.querySelectorAll('*'))) {
      // Elements of one kind in another state (a carousel's first and
      // last button) are told apart.
      const state = el.matches(':disabled') ? ':disabled' : '';
      const key = `${el.tagName.toLowerCase()}.${el.getAttribute('class') ?? ''}${state}`;
      if (key in out) continue;
      const cs = getComputedStyle(el);
      out[key] = props.map((p) => `${p}:${cs.getPropertyValue(p)}`).join(';');
    }
    return out;
  });
}

/**
 * The media of the app's own links to the whole sheet (full-styles.ts) in
 * the head, once loaded (none before). Links the bundler's loader adds for a
 * lazily loaded chunk (with the file's full URL) do not count.
 */
const loadedSheetMedia = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLLinkElement>('head > link[rel=stylesheet][href^="/assets/entry-client-"]'))
      .filter((l) => l.sheet !== null)
      .map((l) => l.media),
  );

/**
 * Applies the whole sheet to the page as the router would before it shows
 * another page (the page's own sheet, once fetched, is for print only), and
 * waits until it applies.
 */
async function applyWholeSheet(page: Page) {
  await expect.poll(() => loadedSheetMedia(page)).toEqual(['print']);
  await page.evaluate(() => {
    for (const l of Array.from(document.querySelectorAll<HTMLLinkElement>('head > link[rel=stylesheet][href^="/assets/entry-client-"]'))) l.media = 'all';
  });
  await expect.poll(() => loadedSheetMedia(page)).toEqual(['all']);
}

/** The elements kinds whose looks differ between a and b (those in both). */
function differences(a: Record<string, string>, b: Record<string, string>): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(a)) {
    if (k in b && b[k] !== v) out.push(`${k}\n  ${v}\n  ${b[k]}`);
  }
  return out;
}

// The page as first painted, with only its inline part, looks as it does
// with the whole sheet: nothing unstyled, nothing moves when the sheet comes.
test('each page is whole with only its inline style sheet', async ({ page, request }, info) => {
  test.setTimeout(120_000);
  const [job] = await openJobs(request);
  for (const path of ['/', '/career', '/blog', '/jobs', `/job/${job!.id}`, `/apply/${job!.id}`]) {
    await page.route(wholeSheet, (route) => route.abort());
    await openHydrated(page, path);
    const inlineOnly = await looks(page);
    if (path === '/' || path === '/career') {
      await page.screenshot({ path: info.outputPath(`inline-only${path.replace(/\W/g, '-')}.png`) });
    }
    await page.unroute(wholeSheet);
    await openHydrated(page, path);
    // Fetched when the browser is idle, and applied to no screen yet.
    await expect.poll(() => loadedSheetMedia(page)).toEqual(['print']);
    const prepared = await looks(page);
    await applyWholeSheet(page);
    const whole = await looks(page);
    expect(differences(inlineOnly, prepared), path).toEqual([]);
    expect(Object.keys(inlineOnly).length, path).toBeGreaterThan(20);
    expect(differences(inlineOnly, whole), path).toEqual([]);
  }
});

// A page the router shows looks as the same page loaded from the server:
// the classes of /blog and /apply that / does not use are styled, even when
// the link is followed before the whole sheet has arrived.
test('pages shown by the router are fully styled', async ({ page, request }) => {
  test.setTimeout(90_000);
  const [job] = await openJobs(request);
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(wholeSheet, async (route) => {
    await held;
    await route.continue();
  });
  const sheetAsked = page.waitForRequest(wholeSheet);
  await openHydrated(page, '/');
  const homeInline = await page.locator('head > style').textContent();
  const homeHeading = (await page.locator('h1').first().textContent()) ?? '';

  // Followed while the whole sheet is still on its way: the address
  // changes, the home page stays until the sheet applies.
  await page.locator('a[href="/blog"]').first().evaluate((a: HTMLAnchorElement) => a.click());
  await expect(page).toHaveURL(`${base()}/blog`);
  await sheetAsked;
  await page.waitForTimeout(300);
  await expect(page.locator('h1').first()).toHaveText(homeHeading);
  release();
  await expect(page.locator('h1').first()).toHaveText(blogCopy.list.title);
  await expect(page.locator('a[href^="/blog/"]').first()).toBeVisible();
  const blogByRouter = await looks(page);

  // On to the application form, through the career page and the job.
  await page.locator('a[href="/career"]').first().evaluate((a: HTMLAnchorElement) => a.click());
  await expect(page).toHaveURL(`${base()}/career`);
  await page.locator(`a[href="/job/${job!.id}"]`).first().evaluate((a: HTMLAnchorElement) => a.click());
  await expect(page).toHaveURL(`${base()}/job/${job!.id}`);
  await page.locator(`a[href="/apply/${job!.id}"]`).first().evaluate((a: HTMLAnchorElement) => a.click());
  await expect(page).toHaveURL(`${base()}/apply/${job!.id}`);
  await expect(page.locator('form')).toBeVisible();
  const applyByRouter = await looks(page);

  for (const [path, byRouter] of [
    ['/blog', blogByRouter],
    [`/apply/${job!.id}`, applyByRouter],
  ] as const) {
    await openHydrated(page, path);
    await applyWholeSheet(page);
    const loaded = await looks(page);
    // The page uses classes that the home page's inline sheet does not style.
    const unstyledAtHome = await page.locator('#root').evaluate((root, css) => {
      const classes = new Set(Array.from(root.querySelectorAll('[class]')).flatMap((el) => Array.from(el.classList)));
      return [...classes].filter((c) => !css.includes(`.${CSS.escape(c)}`));
    }, homeInline ?? '');
    expect(unstyledAtHome.length, path).toBeGreaterThan(0);
    expect(differences(byRouter, loaded), path).toEqual([]);
    expect(Object.keys(byRouter).filter((k) => k in loaded).length, path).toBeGreaterThan(20);
  }
});

// A browser without script gets the whole sheet from the <noscript> link
// (and noscript.css after it).
test('without script the whole sheet applies', async ({ browser }, info) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: info.project.use.viewport });
  try {
    const page = await context.newPage();
    await page.goto(`${base()}/career`);
    await expect
      .poll(() =>
        page.evaluate(() =>
          Array.from(document.styleSheets)
            .map((s) => new URL(s.href ?? 'inline:', location.href).pathname)
            .filter((p) => p.startsWith('/assets/') || p === '/noscript.css'),
        ),
      )
      .toEqual([expect.stringMatching(/^\/assets\/entry-client-.*\.css$/), '/noscript.css']);
  } finally {
    await context.close();
  }
});
