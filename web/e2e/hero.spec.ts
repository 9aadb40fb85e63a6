import { expect } from '@playwright/test';
import { test } from './fixtures';
import { openHydrated } from './helpers';

test('hero headline switches once after 3000 ms', async ({ page }) => {
  // Installed and paused before the page loads: the page's timers run
  // only when the test advances the clock.
  await page.clock.install({ time: new Date('2026-11-21T10:00:00Z') });
  await page.clock.pauseAt(new Date('2026-11-21T10:00:01Z'));
  await openHydrated(page, '/');
  const h1 = page.getByRole('heading', { level: 1 });
  await expect(h1).toContainText('Welcome to');
  await page.clock.runFor(2900);
  await expect(h1).toContainText('Welcome to');
  await page.clock.runFor(200);
  await expect(h1).toHaveText('Accelerating our company Through Innovative IT solutions');
  await page.clock.runFor(60_000);
  await expect(h1).toHaveText('Accelerating our company Through Innovative IT solutions');
});

test('Explore Our Solutions leads to /services', async ({ page }) => {
  await openHydrated(page, '/');
  await expect(page.getByRole('link', { name: 'Explore Our Solutions' })).toHaveAttribute('href', '/services');
});
