// The Suspected spam queue of the staff console, in Chromium against the
// running site: an application sent as bots send it (the hidden field
// filled in, a second after the form opened) is kept aside without
// e-mail; a search by its reference finds it and says where it is; the
// dashboard counts the queue; a recruiter's "Not spam" releases it, and
// its confirmation e-mail is then queued (the admin's Mail screen shows
// it) and the verdict is in the audit log; the .eml the site wrote carries
// the applicant's working status link. axe checks the screens at 390 and
// 1280 px.
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { axe, consoleContext, expect, intoConsole, openByAddress, sendApplication, unexpectedErrors } from './admin-helpers';
import { test } from './fixtures';
import { base, mailsTo, openJobs, statusLinkIn, watchErrors } from './helpers';

/** Sends an application as a bot does (hidden field filled, at once) through the public API; returns its reference. */
async function applyAsBot(page: Page, email: string): Promise<{ reference: string; jobTitle: string }> {
  const [job] = await openJobs(page.request);
  // Answered like any other application: a bot learns nothing.
  const { reference } = await sendApplication(page.request, job!.id, {
    firstName: 'Meera', lastName: 'Iyer', fullName: 'Meera Iyer', email,
    homepage: 'http://cheap-pills.example', elapsedMs: 1_000,
  });
  return { reference, jobTitle: job!.jobTitle };
}

test('suspected spam is found by its reference, counted on the dashboard, and "Not spam" sends its confirmation', async ({ page, browser }, info) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  const found: string[] = [];
  const email = `spam-${randomBytes(4).toString('hex')}@example.com`;
  const { reference, jobTitle } = await applyAsBot(page, email);

  const recruiter = await intoConsole(page, 'recruiter', 'spam-review');
  // Held: nothing was written to the applicant.
  expect(mailsTo(email)).toEqual([]);

  // The dashboard counts the queue and leads to it.
  await openByAddress(page, '', 'Dashboard');
  const card = page.getByRole('link', { name: /^Suspected spam to review \d+$/ });
  await expect(card).toBeVisible();
  expect(Number((await card.textContent())!.replace(/\D+/g, ''))).toBeGreaterThanOrEqual(1);
  found.push(...(await axe(page, 'the dashboard')));

  // A search for the code alone, in small letters, from the default list:
  // not in the table, but found, with where it is.
  await openByAddress(page, 'applications', 'Applications');
  await page.getByLabel('Search name, e-mail or reference').fill(reference.slice(4).toLowerCase());
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const match = page.getByRole('region', { name: 'Found by reference or e-mail' });
  await expect(match).toContainText(`${reference} Meera Iyer (${email})`);
  await expect(match).toContainText('In Suspected spam (New)');
  await expect(page.getByText('No applications match these filters. The exact match is listed above.')).toBeVisible();
  found.push(...(await axe(page, 'applications with an exact match elsewhere')));

  // The Suspected spam folder lists it.
  await page.getByRole('navigation', { name: 'Folders' }).getByRole('link', { name: /^Suspected spam/ }).click();
  await expect(page.getByRole('link', { name: /^Suspected spam/ })).toHaveAttribute('aria-current', 'page');
  const table = page.getByRole('table');
  await expect(table.getByRole('link', { name: reference, exact: true })).toBeVisible();
  found.push(...(await axe(page, 'the Suspected spam folder')));

  // Its page says why, and "Not spam" releases it.
  await table.getByRole('link', { name: reference, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Application ${reference}` })).toBeVisible();
  const check = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Spam check' }) });
  await expect(check).toContainText('Suspected on arrival because: the hidden field was filled in');
  await expect(check).toContainText('The applicant has not been sent the confirmation e-mail');
  found.push(...(await axe(page, 'a suspected application')));
  await check.getByRole('button', { name: 'Not spam', exact: true }).click();
  await expect(check.getByRole('status')).toHaveText(`Moved out of Suspected spam. The confirmation e-mail is on its way to ${email}.`);
  await expect(check).toContainText('Marked not spam by staff.');
  await expect(check.getByRole('button', { name: 'Not spam', exact: true })).toHaveCount(0);
  found.push(...(await axe(page, 'the application released')));
  await page.screenshot({ path: info.outputPath(`released-${info.project.name}.png`), fullPage: true });

  // The confirmation was really sent, once, with the applicant's status link, and that link works.
  let confirmation = '';
  await expect
    .poll(() => (confirmation = mailsTo(email).join('\n---\n')), { timeout: 10_000 })
    .toContain(`Subject: Your application for ${jobTitle} (${reference})`);
  expect(mailsTo(email)).toHaveLength(1);
  const link = statusLinkIn(confirmation);
  expect(link.startsWith(`${base()}/application-status#t=`)).toBe(true);
  const status = await browser.newContext({ viewport: info.project.use.viewport ?? null });
  const applicant = await status.newPage();
  await applicant.goto(link);
  await expect(applicant.locator('dl')).toContainText(reference);
  await status.close();

  // An admin sees the confirmation in the outbox and the verdict in the audit log.
  const admin = await consoleContext(browser, info, 'admin', 'spam-audit');
  await openByAddress(admin.page, 'mail', 'Mail');
  const mail = admin.page.getByRole('row').filter({ hasText: email });
  await expect(mail).toHaveCount(1);
  await expect(mail).toContainText(`Your application for`);
  await expect(mail).toContainText(reference);

  await openByAddress(admin.page, 'audit', 'Audit log');
  await admin.page.getByLabel('Action', { exact: true }).selectOption({ label: 'Application marked not spam' });
  await admin.page.getByLabel('Actor e-mail').fill(recruiter.email);
  await admin.page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(admin.page.getByText(/match(es)? the filters\.$/)).toBeVisible();
  // Only the verdict: the recruiter's opening of the application is filtered out.
  const row = admin.page.getByRole('region', { name: 'Audit log entries' }).getByRole('row').filter({ hasText: reference });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`released application ${reference} from suspected spam and its confirmation e-mail was sent`);
  found.push(...(await axe(admin.page, 'the audit log filtered')));
  await admin.close();

  expect(found).toEqual([]);
  expect(unexpectedErrors(errors)).toEqual([]);
  expect(unexpectedErrors(admin.errors)).toEqual([]);
});
