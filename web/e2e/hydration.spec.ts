import { expect } from '@playwright/test';
import { test } from './fixtures';
import { base, openHydrated, openJobs, watchErrors } from './helpers';

test.describe('hydration', () => {
  test('home and job pages hydrate without console errors', async ({ page, request }) => {
    const errors = watchErrors(page);
    await openHydrated(page, '/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const [job] = await openJobs(request);
    await openHydrated(page, `/job/${job!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: job!.jobTitle })).toBeVisible();
    await openHydrated(page, '/job/no-such-job');
    expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
  });

  test('links navigate on the client after hydration', async ({ page, request }) => {
    const [job] = await openJobs(request);
    await openHydrated(page, `/job/${job!.id}`);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    await page.locator('footer').getByRole('link', { name: 'Home', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Blog Posts')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
  });
});

test('a page chunk that fails to load offers a reload', async ({ page }) => {
  await openHydrated(page, '/');
  await page.route('**/assets/terms-*.js', (route) => route.abort('connectionfailed'));
  await page.locator('footer').getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page.getByRole('heading', { name: 'Loading chunk failed' })).toBeVisible();
  await page.unroute('**/assets/terms-*.js');
  await page.getByRole('button', { name: 'Reload the page' }).click();
  await expect(page).toHaveURL(/\/terms$/);
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
  await expect(page.getByRole('heading', { name: 'Loading chunk failed' })).toHaveCount(0);
});

// Every public route: the page hydrates without a console error or warning,
// and hydration leaves the text the server wrote (Preact does not report a
// mismatch as React did: it keeps what it finds, or adds to it). Noscript
// elements are left out: with script on, their content is never shown, and
// Preact empties them as it hydrates.
test('every public route hydrates to the text the server wrote, without console errors', { tag: '@desktop-only' }, async ({ page, request }) => {
  test.setTimeout(120_000);
  const [job] = await openJobs(request);
  const routes = ['/', '/about', '/services', '/service1', '/service2', '/service3', '/technologies', '/more', '/privacy', '/terms', '/contact-us', '/career', '/jobs', `/job/${job!.id}`, `/apply/${job!.id}`];
  const errors = watchErrors(page);
  const words = (s: string) => s.replace(/\s+/g, ' ').trim();
  for (const path of routes) {
    const served = await (await request.get(`${base()}${path}`)).text();
    await openHydrated(page, path);
    const [server, hydrated] = await page.evaluate((html) => {
      const text = (root: Element) => {
        const copy = root.cloneNode(true) as Element;
        copy.querySelectorAll('noscript').forEach((n) => n.remove());
        return copy.textContent!;
      };
      const doc = new DOMParser().parseFromString(html, 'text/html');
      return [text(doc.getElementById('root')!), text(document.getElementById('root')!)];
    }, served);
    expect(words(hydrated), path).toBe(words(server));
  }
  expect(errors).toEqual([]);
});
