import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { base, openHydrated, openJobs, watchErrors, type JobJSON } from './helpers';

// The /jobs page: every open position, searchable, with the search in the
// URL. The server renders a search complete; with JavaScript the list
// follows the form without a reload.

const escapeHTML = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const results = (page: Page) => page.getByRole('region', { name: 'Search open positions' }).getByRole('listitem');
const count = (page: Page) => page.getByRole('status').filter({ hasText: /^Showing / });

function inCity(jobs: JobJSON[], city: string) {
  return jobs.filter((j) => j.location === city);
}

async function axe(page: Page, label: string) {
  const res = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  expect(res.violations.map((v) => `${label}: ${v.id} (${v.nodes.length}): ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
}

test('the raw HTML of a search holds exactly the matching positions', async ({ request }) => {
  const jobs = await openJobs(request);
  const bengaluru = inCity(jobs, 'Bengaluru');
  expect(bengaluru.length).toBeGreaterThan(0);
  // By the city's alias: the jobs of its canonical name.
  const res = await request.get(`${base()}/jobs?location=Bangalore&utm_source=test`);
  expect(res.status()).toBe(200);
  const html = await res.text();
  for (const j of jobs) {
    expect(html.includes(`>${escapeHTML(j.jobTitle)}</h3>`), j.jobTitle).toBe(j.location === 'Bengaluru');
  }
  expect(html).toContain(`Showing ${bengaluru.length} of ${jobs.length} open positions`);
  expect(html).toContain(`<link rel="canonical" href="${base()}/jobs">`);
  expect(html).toContain('<meta name="robots" content="noindex">');
});

test('the search form works without JavaScript', async ({ browser }, info) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: info.project.use.viewport });
  const page = await context.newPage();
  const jobs = await openJobs(page.request);
  await page.goto(`${base()}/jobs`);
  await expect(results(page)).toHaveCount(jobs.length);
  await page.getByLabel('Location', { exact: true }).selectOption('Hyderabad');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/jobs\?q=&years=&location=Hyderabad&workplace=&department=$/);
  await expect(results(page)).toHaveCount(inCity(jobs, 'Hyderabad').length);
  await context.close();
});

test('with JavaScript, filters update the URL and the list without a reload', async ({ page, request }) => {
  const errors = watchErrors(page);
  const jobs = await openJobs(request);
  await openHydrated(page, '/jobs');
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await expect(count(page)).toHaveText(`Showing ${jobs.length} of ${jobs.length} open positions`);

  await page.getByLabel('Location', { exact: true }).selectOption('Bengaluru');
  await expect(page).toHaveURL(`${base()}/jobs?location=Bengaluru`);
  const bangalore = inCity(jobs, 'Bengaluru');
  await expect(results(page)).toHaveCount(bangalore.length);
  await expect(count(page)).toHaveText(`Showing ${bangalore.length} of ${jobs.length} open positions`);

  await page.getByLabel('Search jobs').fill('no-such-skill-anywhere');
  await expect(page).toHaveURL(`${base()}/jobs?q=no-such-skill-anywhere&location=Bengaluru`);
  await expect(page.getByRole('heading', { name: 'No positions match your search.' })).toBeVisible();
  await expect(count(page)).toHaveText(`Showing 0 of ${jobs.length} open positions`);

  await page.getByRole('link', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(`${base()}/jobs`);
  await expect(results(page)).toHaveCount(jobs.length);
  await expect(page.getByLabel('Search jobs')).toHaveValue('');
  await expect(page.getByLabel('Location', { exact: true })).toHaveValue('');

  // Back to the search: the form follows the URL.
  await page.goBack();
  await expect(page).toHaveURL(`${base()}/jobs?q=no-such-skill-anywhere&location=Bengaluru`);
  await expect(page.getByLabel('Search jobs')).toHaveValue('no-such-skill-anywhere');

  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  expect(errors).toEqual([]);
});

test('the list and the empty state have no axe violations', async ({ browser }, info) => {
  test.setTimeout(90_000);
  for (const path of ['/jobs', '/jobs?q=no-such-skill-anywhere']) {
    const context = await browser.newContext({ viewport: info.project.use.viewport });
    const page = await context.newPage();
    await openHydrated(page, path);
    await expect(count(page)).toBeVisible();
    await axe(page, path);
    await context.close();
  }
});
