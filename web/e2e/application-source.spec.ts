// Where an application came from, in Chromium against the running site at
// 390 and 1280 px: a visitor lands on a job's page from a link tagged
// ?src=linkedin, goes on to the form (the address no longer carries the
// source), applies, and the recruiter finds "linkedin" in the
// application's detail, in the applications list filtered by source and in
// the job's board's count by source. axe checks those console screens.
import type { Page } from '@playwright/test';
import { axe, expect, intoConsole, openApplication, openByAddress, unexpectedErrors } from './admin-helpers';
import { pdfFile, pngFile } from './files';
import { test } from './fixtures';
import { base, emailFor, inAMonth, openHydrated, openJobs, watchErrors } from './helpers';

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

test('an application sent after arriving by ?src=linkedin shows its source in the console', async ({ page }, info) => {
  test.setTimeout(120_000);
  const found: string[] = [];
  const jobs = await openJobs(page.request);
  const job = jobs[0]!;

  // The tagged link: the page is the job's usual page (same canonical link).
  await openHydrated(page, `/job/${job.id}?src=linkedin`);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${base()}/job/${job.id}`);
  await page.getByRole('link', { name: `Apply for ${job.jobTitle}`, exact: true }).first().click();
  await expect(page).toHaveURL(`${base()}/apply/${job.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Apply for ${job.jobTitle}` })).toBeVisible();

  await field(page, 'First Name').fill('Divya');
  await field(page, 'Last Name').fill('Menon');
  await field(page, 'Full Name').fill('Divya Menon');
  await field(page, 'Email').fill(emailFor(info, 'source'));
  await field(page, 'Phone Number').fill('98765 43210');
  await field(page, 'Address').fill('7 Marine Drive, Kochi');
  await field(page, 'Availability Date').fill(inAMonth());
  await field(page, 'How did you hear about us?').selectOption('Company Website');
  await field(page, 'National ID Type').selectOption('PAN');
  await field(page, 'National ID Number').fill('abcpe1234k');
  await field(page, 'Resume').setInputFiles(pdfFile('divya-menon-cv.pdf'));
  await field(page, 'National ID Document').setInputFiles(pngFile('pan-card.png'));
  await field(page, 'I agree that my application is used as described above.').check();
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Application submitted successfully!' })).toBeFocused({ timeout: 20_000 });
  const reference = (await page.getByTestId('application-reference').textContent()) ?? '';
  expect(reference).toMatch(/^APP-[A-Z2-7]{8}$/);

  await intoConsole(page, 'recruiter', 'source');
  // From here on (signing in asks for a session first, a 401), no errors.
  const errors = watchErrors(page);

  // The application's detail.
  await openApplication(page, reference);
  const source = page.locator('dt', { hasText: /^Source$/ });
  await expect(source.locator('xpath=following-sibling::dd[1]')).toHaveText('linkedin');
  found.push(...(await axe(page, 'the application detail')));
  await page.screenshot({ path: info.outputPath(`detail-${info.project.name}.png`), fullPage: true });

  // The list, filtered by source.
  await openByAddress(page, `applications?job=${encodeURIComponent(job.id)}`, 'Applications');
  await page.getByRole('combobox', { name: 'Source', exact: true }).selectOption('linkedin');
  await expect(page).toHaveURL(/[?&]source=linkedin(&|$)/);
  const row = page.getByRole('row', { name: new RegExp(reference) });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell', { name: 'linkedin', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', /[?&]source=linkedin(&|$)/);
  found.push(...(await axe(page, 'the applications list filtered by source')));

  // The job's board counts its applications by source.
  await openByAddress(page, `jobs/${encodeURIComponent(job.id)}/board`, `Board: ${job.jobTitle}`);
  const bySource = page.getByRole('region', { name: 'Applications by source' });
  const count = bySource.getByRole('link', { name: /^linkedin: \d+$/ });
  await expect(count).toBeVisible();
  expect(Number(/\d+$/.exec((await count.textContent()) ?? '')?.[0])).toBeGreaterThanOrEqual(1);
  found.push(...(await axe(page, 'the board with its counts by source')));
  await page.screenshot({ path: info.outputPath(`board-${info.project.name}.png`), fullPage: true });
  await count.click();
  await expect(page.getByRole('row', { name: new RegExp(reference) })).toBeVisible();

  expect(found).toEqual([]);
  expect(unexpectedErrors(errors)).toEqual([]);
});
