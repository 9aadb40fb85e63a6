// A job's structured facts, in Chromium against the running site at 390
// and 1280 px: an admin adds a city with an alias to the locations list
// and publishes a job there asking for 3 to 6 years, remote; a visitor
// finds it on /jobs by "years" = 4 and by the alias, its card showing the
// department, employment type, workplace and "Posted today"; a search by
// the demo city's alias "Bangalore" finds the Bengaluru jobs. axe checks
// the console's lists screen, the job editor and the filtered /jobs page.
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { axe, expect, intoConsole, openByAddress, unexpectedErrors } from './admin-helpers';
import { test } from './fixtures';
import { base, openHydrated, openJobs, watchErrors } from './helpers';

const SLOW = { timeout: 20_000 };

const cards = (page: Page) => page.getByRole('region', { name: 'Search open positions' }).getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) });
const card = (page: Page, title: string) => cards(page).filter({ has: page.getByRole('heading', { level: 3, name: title, exact: true }) });

test('an admin adds a city with an alias and a job with a range; visitors find it by years and by alias', async ({ page }, info) => {
  test.setTimeout(150_000);
  const found: string[] = [];
  const id = randomBytes(3).toString('hex');
  const city = `Mysuru ${id}`;
  const alias = `Mysore ${id}`;
  const title = `Remote Data Analyst ${id}`;

  await intoConsole(page, 'admin', `facts-${info.project.name}`);
  const errors = watchErrors(page);

  // The lists: add the city with its alias; a duplicate alias is refused with a message naming its city.
  await openByAddress(page, 'job-lists', 'Locations and departments');
  const add = page.getByRole('form', { name: 'Add a location' });
  await add.getByLabel('New location').fill(city);
  await add.getByLabel('Its aliases').fill(`${alias}, bangalore`);
  await add.getByRole('button', { name: 'Add location' }).click();
  await expect(add.getByText('"bangalore" is already a name or alias of Bengaluru.')).toBeVisible(SLOW);
  await add.getByLabel('Its aliases').fill(alias);
  await add.getByRole('button', { name: 'Add location' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${city} added to the locations.` })).toBeVisible(SLOW);
  await expect(page.getByRole('listitem').filter({ hasText: `${city} · also ${alias}` })).toBeVisible();
  // A city jobs use cannot be deleted: the message says how many.
  const bengaluru = page.getByRole('listitem').filter({ hasText: 'Bengaluru · also Bangalore' });
  await bengaluru.getByRole('button', { name: 'Delete Bengaluru' }).click();
  await bengaluru.getByRole('button', { name: 'Delete Bengaluru' }).last().click();
  await expect(bengaluru.getByRole('alert')).toContainText(/This location cannot be deleted: \d+ jobs use it\./, SLOW);
  found.push(...(await axe(page, 'the locations and departments')));
  await page.screenshot({ path: info.outputPath(`lists-${info.project.name}.png`), fullPage: true });

  // The job: its city and department from the lists, remote, 3 to 6 years.
  await openByAddress(page, 'jobs/new', 'New job');
  await page.getByLabel('Job title').fill(title);
  const location = page.getByRole('combobox', { name: 'Location' });
  await expect(location.locator('option', { hasText: city })).toHaveCount(1, SLOW);
  await location.selectOption({ label: `${city} (also ${alias})` });
  await page.getByRole('combobox', { name: 'Department' }).selectOption({ label: 'Engineering' });
  await page.getByRole('combobox', { name: 'Workplace' }).selectOption({ label: 'Remote' });
  await page.getByLabel('Employment type').selectOption({ label: 'Full-time' });
  // A range the wrong way round is refused with its message, nothing saved.
  await page.getByLabel('Minimum years of experience').fill('6');
  await page.getByLabel('Maximum years of experience').fill('3');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('The maximum years must not be less than the minimum years.')).toBeVisible(SLOW);
  await expect(page.getByRole('heading', { level: 1, name: 'New job' })).toBeVisible();
  await page.getByLabel('Minimum years of experience').fill('3');
  await page.getByLabel('Maximum years of experience').fill('6');
  const description = page.getByRole('textbox', { name: 'Description' });
  await description.click();
  await description.pressSequentially(`Turn the ${id} numbers into decisions, from anywhere in India.`);
  found.push(...(await axe(page, 'the job editor')));
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Published. The job is on the career page now.' })).toBeVisible(SLOW);
  const jobId = /\/admin\/jobs\/([^/?#]+)$/.exec(page.url())?.[1];
  expect(jobId, page.url()).toBeTruthy();
  await page.screenshot({ path: info.outputPath(`editor-${info.project.name}.png`), fullPage: true });

  // A visitor with 4 years, typing them into the search.
  const jobs = await openJobs(page.request);
  const visitor = await page.context().browser()!.newContext({ viewport: info.project.use.viewport });
  const v = await visitor.newPage();
  const visitorErrors = watchErrors(v);
  await openHydrated(v, '/jobs');
  await v.getByLabel('Your years of experience').fill('4');
  await expect(v).toHaveURL(`${base()}/jobs?years=4`, SLOW);
  const ours = card(v, title);
  await expect(ours).toBeVisible(SLOW);
  await expect(ours.locator('dd')).toHaveText([city, '3-6 years', 'Engineering', 'Full-time', 'Remote']);
  await expect(ours.getByText('Posted today')).toBeVisible();
  // Demo jobs: 2-4 holds 4, 5+ does not.
  await expect(card(v, 'QA Automation Engineer')).toBeVisible();
  await expect(card(v, 'Senior Backend Engineer (Go)')).toHaveCount(0);
  found.push(...(await axe(v, '/jobs?years=4')));
  await v.screenshot({ path: info.outputPath(`jobs-years-${info.project.name}.png`), fullPage: true });

  // By the new alias, any case: the city's canonical name is chosen.
  await openHydrated(v, `/jobs?years=4&location=${encodeURIComponent(alias.toUpperCase())}`);
  await expect(cards(v)).toHaveCount(1);
  await expect(card(v, title)).toBeVisible();
  await expect(v.getByLabel('Location', { exact: true })).toHaveValue(city);

  // By the demo city's alias: every Bengaluru job, and no other.
  await openHydrated(v, '/jobs?location=Bangalore');
  const inBengaluru = jobs.filter((j) => j.location === 'Bengaluru');
  expect(inBengaluru.length).toBeGreaterThan(0);
  await expect(cards(v)).toHaveCount(inBengaluru.length);
  for (const j of inBengaluru) await expect(card(v, j.jobTitle)).toBeVisible();
  await expect(v.getByLabel('Location', { exact: true })).toHaveValue('Bengaluru');
  found.push(...(await axe(v, '/jobs?location=Bangalore')));
  await v.screenshot({ path: info.outputPath(`jobs-alias-${info.project.name}.png`), fullPage: true });

  // The job's page says it is remote within India, as its structured data does.
  await openHydrated(v, `/job/${jobId}`);
  await expect(v.getByText('Remote, from anywhere in India')).toBeVisible();
  const lds = (await v.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t) as Record<string, unknown>);
  const ld = lds.find((l) => l['@type'] === 'JobPosting') ?? {};
  expect(ld.jobLocationType).toBe('TELECOMMUTE');
  expect(ld.applicantLocationRequirements).toEqual({ '@type': 'Country', name: 'India' });
  expect(ld.directApply).toBe(true);
  await visitor.close();

  // Tidy up: close and delete the job, then the city, which is free again.
  await openByAddress(page, `jobs/${jobId}`, `Edit job: ${title}`);
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: 'Close job' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Closed. The job is off the career page.' })).toBeVisible(SLOW);
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: 'Delete job' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible(SLOW);
  await openByAddress(page, 'job-lists', 'Locations and departments');
  const ours2 = page.getByRole('listitem').filter({ hasText: `${city} · also ${alias}` });
  await ours2.getByRole('button', { name: `Delete ${city}` }).click();
  await ours2.getByRole('button', { name: `Delete ${city}` }).last().click();
  await expect(page.getByRole('status').filter({ hasText: `${city} deleted.` })).toBeVisible(SLOW);

  expect(found).toEqual([]);
  expect(unexpectedErrors(errors, [401, 409, 422])).toEqual([]);
  expect(visitorErrors).toEqual([]);
});
