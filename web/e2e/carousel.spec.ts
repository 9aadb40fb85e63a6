import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { base, openHydrated } from './helpers';

/** Labels of the slides whose centre lies inside the carousel's viewport. */
async function visibleSlides(page: Page): Promise<string[]> {
  const carousel = page.getByRole('group', { name: /blog posts/i }).first();
  return carousel.evaluate((root) => {
    // The viewport holds the track that holds the slides.
    const view = root.querySelector('[aria-roledescription="slide"]')!.parentElement!.parentElement!.getBoundingClientRect();
    return Array.from(root.querySelectorAll('[aria-roledescription="slide"]'))
      .filter((el) => {
        const r = el.getBoundingClientRect();
        const centre = (r.left + r.right) / 2;
        return centre > view.left && centre < view.right;
      })
      .map((el) => el.getAttribute('aria-label') ?? '');
  });
}

// Widths are set per case: runs once, in the desktop project.
test.describe('home blog carousel', { tag: '@desktop-only' }, () => {

  for (const [width, perView, dots] of [
    [1280, 3, false],
    [900, 2, true],
    [390, 1, false],
  ] as const) {
    test(`${perView} per view at ${width}px, dots ${dots ? 'shown' : 'hidden'}`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await openHydrated(page, '/');
      await page.getByRole('heading', { name: 'Blog Posts' }).scrollIntoViewIfNeeded();
      await expect.poll(() => visibleSlides(page).then((s) => s.length)).toBe(perView);
      const dot = page.getByRole('button', { name: 'Show post 1' });
      if (dots) await expect(dot).toBeVisible();
      else await expect(dot).toBeHidden();
    });
  }

  test('arrows scroll one post and wrap around at both ends', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 900 });
    await openHydrated(page, '/');
    await page.getByRole('heading', { name: 'Blog Posts' }).scrollIntoViewIfNeeded();
    const first = await visibleSlides(page);
    expect(first).toHaveLength(1);
    const total = Number(/of (\d+)/.exec(first[0]!)?.[1]);
    expect(total).toBeGreaterThanOrEqual(4);
    await page.getByRole('button', { name: /next/i }).click();
    await expect.poll(() => visibleSlides(page)).toEqual([first[0]!.replace(/^\d+/, '2')]);
    await page.getByRole('button', { name: /previous/i }).click();
    await expect.poll(() => visibleSlides(page)).toEqual(first);
    await page.getByRole('button', { name: /previous/i }).click();
    await expect.poll(() => visibleSlides(page)).toEqual([first[0]!.replace(/^\d+/, String(total))]);
  });

  test('cards link to their posts and show an image or placeholder', async ({ page }) => {
    await openHydrated(page, '/');
    const slides = page.locator('[aria-roledescription="slide"]');
    const n = await slides.count();
    expect(n).toBeGreaterThanOrEqual(4);
    for (let i = 0; i < n; i++) {
      const slide = slides.nth(i);
      await expect(slide.getByRole('link', { name: /Read More/ })).toHaveAttribute('href', /^\/blog\/[a-z0-9-]+$/); // its ID, or its slug
      await expect(slide.locator('img, svg').first()).toBeAttached();
    }
  });
});

test('content stays visible with reduced motion', { tag: '@desktop-only' }, async ({ browser }) => {
  const context = await browser.newContext({ reducedMotion: 'reduce', viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await openHydrated(page, '/');
  const about = page.getByRole('heading', { name: 'Our Mission' });
  await about.scrollIntoViewIfNeeded();
  await expect(about).toBeVisible();
  const styles = await about.evaluate((el) => {
    let node: Element | null = el;
    const out: string[] = [];
    while (node) {
      const s = getComputedStyle(node);
      out.push(`${s.opacity}|${s.transform}|${s.animationName}`);
      node = node.parentElement;
    }
    return out;
  });
  for (const s of styles) {
    const [opacity, transform] = s.split('|');
    expect(opacity).toBe('1');
    expect(transform).toBe('none');
  }
  await context.close();
});

// Before Embla starts (and without script) the slides off to the right must
// not widen the page: on a phone that grows the layout viewport, and content
// far below the fold would count as on screen (the largest paint among it).
test('slides off to the right do not widen the page before the carousel starts', { tag: '@phone-only' }, async ({ browser }) => {
  const viewport = { width: 412, height: 823 };
  const context = await browser.newContext({ javaScriptEnabled: false, viewport, isMobile: true, hasTouch: true, deviceScaleFactor: 1.75 });
  const page = await context.newPage();
  await page.goto(`${base()}/`);
  await expect(page.locator('[aria-roledescription="slide"]')).not.toHaveCount(0);
  const measured = await page.evaluate(() => {
    // A fixed box filling the layout viewport: as large as the screen unless the page is too wide.
    const probe = document.createElement('div');
    probe.style.cssText = 'position:fixed;inset:0';
    document.body.append(probe);
    const r = probe.getBoundingClientRect();
    probe.remove();
    return { scrollWidth: document.documentElement.scrollWidth, layoutViewport: [r.width, r.height] };
  });
  expect(measured).toEqual({ scrollWidth: viewport.width, layoutViewport: [viewport.width, viewport.height] });
  await context.close();
});
