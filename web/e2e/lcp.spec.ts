import { expect } from '@playwright/test';
import { test } from './fixtures';
import { base, openJobs } from './helpers';

// On a phone the largest contentful paint of every public route is
// something in the first screen (the hero text or image), never content
// far below the fold: what Lighthouse's mobile run sees (412 × 823 CSS px).
const ROUTES = ['/', '/about', '/services', '/service1', '/service2', '/service3', '/technologies', '/more', '/privacy', '/terms', '/contact-us', '/career', '/jobs', '/blog'];
const VIEWPORT = { width: 412, height: 823 };

test('the largest contentful paint is in the first screen on every route', { tag: '@phone-only' }, async ({ browser, request }) => {
  test.setTimeout(120_000);
  const [job] = await openJobs(request);
  const posts = (await (await request.get(`${base()}/api/blogs`)).json()) as { posts: { id: string }[] };
  const context = await browser.newContext({ viewport: VIEWPORT, isMobile: true, hasTouch: true, deviceScaleFactor: 1.75 });
  const page = await context.newPage();
  for (const path of [...ROUTES, `/job/${job!.id}`, `/blog/${posts.posts[0]!.id}`]) {
    await page.goto(`${base()}${path}`);
    await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
    const lcp = await page.evaluate(
      () =>
        new Promise<{ tag: string; top: number; size: number } | null>((resolve) => {
          new PerformanceObserver((list) => {
            const last = list.getEntries().at(-1) as (PerformanceEntry & { element: Element | null; size: number }) | undefined;
            const el = last?.element;
            resolve(el ? { tag: el.tagName, top: el.getBoundingClientRect().top + scrollY, size: last.size } : null);
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
    expect(lcp, path).not.toBeNull();
    expect(lcp!.top, `${path}: LCP ${lcp!.tag} at y=${lcp!.top}`).toBeLessThan(VIEWPORT.height);
  }
  await context.close();
});
