// Bulk changes on the applications screen, in Chromium against the running
// site at 390 and 1280 px: a recruiter finds three applications by a
// search, rejects one without the e-mail and then two together with
// "Notify candidates" (ticked by default for Rejected), and the bar says
// what happened. The e-mails the site really wrote (.eml files in the data
// folder) are checked: a rejection, as text and HTML, to each of the two,
// and nothing more to the third; the timeline and the applicant's status
// page follow. axe checks the list, the bar and the answer.
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { axe, expect, intoConsole, openApplication, openByAddress, sendApplication, unexpectedErrors } from './admin-helpers';
import { test } from './fixtures';
import { mailsTo, openJobs, statusLinkIn, watchErrors } from './helpers';

interface Applicant {
  reference: string;
  email: string;
  fullName: string;
}

/** The row of the table for an application. */
function rowOf(page: Page, a: Applicant) {
  return page.getByRole('table').getByRole('row').filter({ has: page.getByRole('link', { name: a.reference, exact: true }) });
}

test('a recruiter rejects applications together, with and without the e-mail, and the e-mails are sent', async ({ page, browser }, info) => {
  test.setTimeout(120_000);
  const tag = randomBytes(4).toString('hex');
  const [job] = await openJobs(page.request);
  const applicants: Applicant[] = [];
  for (const [first, last] of [['Asha', 'Pillai'], ['Rohan', 'Das'], ['Zoya', 'Khan']] as const) {
    const email = `bulk-${tag}-${first.toLowerCase()}@example.com`;
    const fullName = `${first} ${last}`;
    const { reference } = await sendApplication(page.request, job!.id, { firstName: first, lastName: last, fullName, email });
    applicants.push({ reference, email, fullName });
  }
  const [asha, rohan, zoya] = applicants as [Applicant, Applicant, Applicant];
  // Each was sent its confirmation on arrival.
  for (const a of applicants) await expect.poll(() => mailsTo(a.email).length, { timeout: 10_000 }).toBe(1);

  await intoConsole(page, 'recruiter', 'bulk');
  const errors = watchErrors(page);
  const found: string[] = [];

  await openByAddress(page, 'applications', 'Applications');
  await page.getByLabel('Search name, e-mail or reference').fill(`bulk-${tag}`);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  for (const a of applicants) await expect(rowOf(page, a)).toContainText('New');
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(4);
  const bar = page.getByRole('region', { name: 'Change several applications' });
  await expect(bar.getByRole('button', { name: 'Apply to 0 applications' })).toBeDisabled();
  found.push(...(await axe(page, 'the list with the bulk bar')));

  // First Zoya alone, to Rejected without the e-mail.
  await page.getByLabel(`Select ${zoya.reference} (${zoya.fullName})`).check();
  await expect(bar.getByLabel('Move to')).toHaveValue('rejected');
  const notify = bar.getByLabel('Notify candidates');
  await expect(notify).toBeChecked();
  await notify.uncheck();
  await bar.getByRole('button', { name: 'Apply to 1 application' }).click();
  await expect(bar.getByRole('status')).toHaveText('1 application moved.');
  await expect(rowOf(page, zoya)).toContainText('Rejected');
  // The selection starts afresh after a change.
  await expect(bar.getByRole('button', { name: 'Apply to 0 applications' })).toBeDisabled();

  // Then Asha and Rohan together, with the e-mail (ticked again by default).
  await page.getByLabel(`Select ${asha.reference} (${asha.fullName})`).check();
  await page.getByLabel(`Select ${rohan.reference} (${rohan.fullName})`).check();
  await bar.getByLabel('Move to').selectOption('reviewing');
  await expect(bar.getByLabel('Notify candidates')).toHaveCount(0);
  await bar.getByLabel('Move to').selectOption('rejected');
  await expect(bar.getByLabel('Notify candidates')).toBeChecked();
  found.push(...(await axe(page, 'the bulk bar with two ticked')));
  await page.screenshot({ path: info.outputPath(`bulk-ticked-${info.project.name}.png`), fullPage: true });
  await bar.getByRole('button', { name: 'Apply to 2 applications' }).click();
  await expect(bar.getByRole('status')).toHaveText('2 applications moved, 2 candidates e-mailed.');
  for (const a of applicants) await expect(rowOf(page, a)).toContainText('Rejected');
  found.push(...(await axe(page, 'the bulk answer')));
  await page.screenshot({ path: info.outputPath(`bulk-done-${info.project.name}.png`), fullPage: true });

  // The rejections were written, as text and HTML, each with the
  // applicant's own status link. Mail goes out in the order it was queued,
  // so Zoya's, had there been one, would be there by now: there is none.
  const links: string[] = [];
  for (const a of [asha, rohan]) {
    await expect.poll(() => mailsTo(a.email).length, { timeout: 10_000 }).toBe(2);
    const rejection = mailsTo(a.email)[1]!;
    expect(rejection).toMatch(/^Content-Type: multipart\/alternative/m);
    expect(rejection).toMatch(/^Content-Type: text\/plain/m);
    expect(rejection).toMatch(/^Content-Type: text\/html/m);
    expect(rejection).toContain(a.reference);
    links.push(statusLinkIn(rejection));
  }
  expect(mailsTo(zoya.email)).toHaveLength(1);
  expect(links[0]).toMatch(/#t=/);
  expect(links[0]).not.toBe(links[1]);

  // The timeline tells of the e-mail; the applicant's page says it is closed.
  await openApplication(page, asha.reference);
  await expect(page.getByRole('list', { name: 'Events, oldest first' })).toContainText('E-mail to the applicant');
  const applicantContext = await browser.newContext({ viewport: info.project.use.viewport ?? null });
  const applicant = await applicantContext.newPage();
  await applicant.goto(links[0]!);
  await expect(applicant.locator('dl')).toContainText(asha.reference);
  await expect(applicant.locator('dl')).toContainText('Closed');
  await applicantContext.close();

  expect(found).toEqual([]);
  expect(unexpectedErrors(errors)).toEqual([]);
});
