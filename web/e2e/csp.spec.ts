import { expect } from '@playwright/test';
import { test } from './fixtures';
import { openHydrated, openJobs } from './helpers';

// The Content-Security-Policy allows style sheets only from the site and
// the one inline <style> its hash names (the page's part of the site's
// style sheet; the whole sheet comes later as a file of the site), and
// scripts only from the site and the one inline <script> its hash names
// (the loader that starts the app): no page may trip it, on the server HTML
// or after hydration.
const routes = [
  '/',
  '/about',
  '/services',
  '/service1',
  '/service2',
  '/service3',
  '/technologies',
  '/more',
  '/privacy',
  '/terms',
  '/contact-us',
  '/career',
  '/jobs',
  '/blog',
  '/no-such-page',
];

test('no page violates the Content-Security-Policy', async ({ page, request }) => {
  test.setTimeout(90_000);
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) violations.push(`${page.url()}: ${msg.text()}`);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`Content Security Policy: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'}`);
    });
  });
  const [job] = await openJobs(request);
  for (const path of [...routes, `/job/${job!.id}`]) {
    await openHydrated(page, path);
  }
  expect(violations).toEqual([]);
});

// The carousels' items per view come from the style sheet, not from a
// <style> element: three cloud groups side by side on a wide screen, one
// on a phone.
test('carousel items per view follow the screen width without inline style sheets', async ({ page }, info) => {
  await openHydrated(page, '/service2');
  const perView = await page
    .locator('[data-carousel]')
    .first()
    .evaluate((el) => getComputedStyle(el).getPropertyValue('--per-view').trim());
  expect(perView).toBe(info.project.name === 'desktop' ? '3' : '1');
  await expect(page.locator('body style')).toHaveCount(0);
});
