import AxeBuilder from '@axe-core/playwright';
import { expect } from '@playwright/test';
import { test } from './fixtures';
import { base, openJobs } from './helpers';

// axe in a fresh context per page, as @axe-core/playwright requires.
test.describe('accessibility (axe)', () => {
  // Three pages in fresh contexts: generous on a loaded machine.
  test.describe.configure({ timeout: 90_000 });
  test('home, a job page and the not-found page have no violations', async ({ browser, request }, info) => {
    const [job] = await openJobs(request);
    const viewport = info.project.use.viewport ?? { width: 1280, height: 800 };
    for (const path of ['/', `/job/${job!.id}`, '/job/no-such-job']) {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await page.goto(`${base()}${path}`);
      await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
      const summary = results.violations.map((v) => `${path}: ${v.id} (${v.nodes.length}): ${v.nodes[0]?.target.join(' ')}`);
      expect(summary).toEqual([]);
      await context.close();
    }
  });
});
