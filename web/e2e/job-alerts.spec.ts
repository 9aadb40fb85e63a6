// Job alerts end to end, in Chromium at 390 and 1280 px, on a site of the
// test's own (the digest run moves every alert's window, so alerts of other
// tests must not share its data): a visitor asks on /jobs for e-mails about
// a search, confirms from the confirmation e-mail's link, a recruiter
// publishes a matching job and sees the alert counted in the console,
// `site alerts run-digest --at` a day later queues the digest, which lists
// the job and carries the one-click unsubscribe headers (RFC 8058); the
// one-click POST ends the alert and its page then says so. axe checks each
// page on the way. An admin's export of the addresses is recorded in the
// audit log.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { addStaff, axe, expect, intoConsole, openScreen, setUpAccount, siteAt, startSite, type SiteTarget } from './admin-helpers';
import { test } from './fixtures';
import { base, emailFor, mailsTo, watchErrors } from './helpers';

/** The first link in mail whose URL matches pattern (quoted-printable undone by mailsTo). */
function linkIn(mail: string, pattern: RegExp): string {
  return pattern.exec(mail)?.[0] ?? '';
}

/** A mail's headers, folded lines joined. */
function headersOf(mail: string): string {
  return mail.slice(0, mail.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
}

/** Waits for the one mail to address whose text has subject, and returns it. */
async function oneMail(target: SiteTarget, address: string, subject: string, timeout = 15_000): Promise<string> {
  await expect
    .poll(() => mailsTo(address, subject, target.dataDir).length, { message: `a mail "${subject}" to ${address}`, timeout })
    .toBe(1);
  return mailsTo(address, subject, target.dataDir)[0]!;
}

async function hydrated(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
}

test('a job alert from /jobs: confirmed, counted, mailed as a digest and ended with one click', async ({ page }, info) => {
  test.setTimeout(180_000);
  const target = await startSite([]);
  try {
    const word = `zq${randomBytes(4).toString('hex')}`;
    const address = emailFor(info, 'alert');
    const found: string[] = [];
    const errors = watchErrors(page);
    const tokenLink = new RegExp(`${target.baseURL}/alerts\\?token=[A-Za-z0-9_-]{43}(?![&\\w-])`);

    // The sign-up, for the search ?q=<word>. The form refuses to send
    // anything for a form filled in faster than a person could: the page's
    // clock is moved on instead of waiting.
    await page.clock.install();
    await hydrated(page, `${target.baseURL}/jobs?q=${word}`);
    const form = page.getByRole('form', { name: 'Get new jobs by e-mail' });
    await expect(form.locator('..')).toContainText(`Keywords: ${word}`);
    await form.getByLabel('E-mail address').fill(address);
    await form.getByLabel('Daily').check();
    await page.clock.fastForward(10_000);
    await form.getByRole('button', { name: 'Get job alerts' }).click();
    await expect(form.getByText('Check your inbox')).toBeVisible();
    found.push(...(await axe(page, '/jobs with the alert sent')));

    // The confirmation e-mail's link opens the alert's page, which confirms
    // only when asked (a link scanner's GET confirms nothing).
    const confirmation = await oneMail(target, address, 'Confirm your job alert');
    const confirmLink = linkIn(confirmation, tokenLink);
    expect(confirmLink, confirmation).not.toBe('');
    await hydrated(page, confirmLink);
    await expect(page.getByText('Confirm that you want these e-mails.')).toBeVisible();
    await expect(page.getByText(`Keywords: ${word}`)).toBeVisible();
    found.push(...(await axe(page, 'the unconfirmed alert')));
    await page.getByRole('button', { name: 'Confirm job alert' }).click();
    await expect(page.getByRole('status')).toHaveText('Your job alert is confirmed.');
    await expect(page.getByRole('button', { name: 'End this alert' })).toBeVisible();
    await page.screenshot({ path: info.outputPath(`alert-page-${info.project.name}.png`), fullPage: true });

    // The renew link renews only when its button is pressed.
    await hydrated(page, `${confirmLink}&renew=1`);
    await expect(page.getByText('Keep getting this alert? Renew it to run for 12 more months.')).toBeVisible();
    await expect(page.getByRole('status')).toHaveText('');
    found.push(...(await axe(page, 'the renew link')));
    await page.screenshot({ path: info.outputPath(`renew-${info.project.name}.png`), fullPage: true });
    await page.getByRole('button', { name: 'Renew for 12 months' }).click();
    await expect(page.getByRole('status')).toHaveText(/^Renewed: this alert now runs until /);

    // A recruiter publishes a job matching the search, and sees the alert
    // counted in the console (no address).
    const { account, link } = addStaff('recruiter', 'alerts', target);
    await setUpAccount(page, link, account);
    const title = `Platform Engineer ${word}`;
    await page.goto(`${target.baseURL}/admin/jobs/new`);
    await expect(page.getByRole('heading', { level: 1, name: 'New job' })).toBeVisible();
    await page.getByLabel('Job title').fill(title);
    await page.getByLabel('Minimum years of experience').fill('3');
    await page.getByLabel('Maximum years of experience').fill('5');
    await page.getByRole('combobox', { name: 'Location' }).selectOption({ label: 'Hyderabad' });
    await page.getByRole('combobox', { name: 'Department' }).selectOption({ label: 'Engineering' });
    await page.getByLabel('Employment type').selectOption({ index: 1 });
    const description = page.getByRole('textbox', { name: 'Description' });
    await description.click();
    await description.pressSequentially(`Run the ${word} platform.`);
    await expect(description).toContainText(`Run the ${word} platform.`);
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Published. The job is on the career page now.' })).toBeVisible();

    await openScreen(page, 'Job alerts');
    await expect(page.getByRole('heading', { level: 1, name: 'Job alerts' })).toBeVisible();
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: `Keywords: ${word}`, exact: true }) });
    await expect(row.getByRole('cell')).toHaveText(['1', '0', '1']);
    await expect(page.getByTestId('alerts-total')).toHaveText('1 confirmed alert in all.');
    await expect(page.getByText(address)).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Export addresses (CSV)' })).toHaveCount(0);
    found.push(...(await axe(page, 'the console job alerts screen')));
    await page.screenshot({ path: info.outputPath(`console-${info.project.name}.png`), fullPage: true });

    // The digest, as the scheduler would send it a day later.
    const at = new Date(Date.now() + 25 * 3_600_000).toISOString().replace(/\.\d+Z$/, 'Z');
    const out = siteAt(target, 'alerts', 'run-digest', '--at', at);
    expect(out).toContain('1 digests');
    const digest = await oneMail(target, address, '1 new job matches your job alert', 60_000);
    expect(digest).toContain(title);
    const headers = headersOf(digest);
    const unsubscribe = /^List-Unsubscribe: <([^>]+)>$/m.exec(headers)?.[1] ?? '';
    expect(unsubscribe, headers).toMatch(new RegExp(`^${target.baseURL}/alerts/unsubscribe\\?token=[A-Za-z0-9_-]{43}$`));
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const manageLink = linkIn(digest, tokenLink);
    expect(manageLink, digest).not.toBe('');

    // A mail program's one-click unsubscribe: a plain POST, no cookies.
    const res = await fetch(unsubscribe, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('this job alert has ended');

    await hydrated(page, manageLink);
    await expect(page.getByText(/the alert has ended/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'End this alert' })).toHaveCount(0);
    found.push(...(await axe(page, 'the ended alert')));

    expect(found).toEqual([]);
    // Sign-in asks for a session first (a 401) and the ended link is a 404; nothing else goes wrong.
    expect(errors.filter((e) => !/status of (401|404)/.test(e))).toEqual([]);
  } finally {
    await target.stop();
  }
});

test('an admin exports the addresses of confirmed alerts, and the audit log records it', { tag: '@desktop-only' }, async ({ page, request }, info) => {
  test.setTimeout(120_000);
  const address = emailFor(info, 'export');
  // A confirmed alert on the shared site, through the public API.
  const signUp = await request.post(`${base()}/api/job-alerts`, {
    data: { email: address, filter: 'location=Pune', frequency: 'weekly', website: '', elapsedMs: 20_000 },
  });
  expect(signUp.status()).toBe(202);
  await expect.poll(() => mailsTo(address, 'Confirm your job alert').length).toBe(1);
  const token = /\/alerts\?token=([A-Za-z0-9_-]{43})/.exec(mailsTo(address, 'Confirm your job alert')[0]!)?.[1] ?? '';
  expect((await request.post(`${base()}/api/job-alerts/confirm`, { data: { token } })).status()).toBe(200);

  const admin = await intoConsole(page, 'admin', 'alerts export');
  await openScreen(page, 'Job alerts');
  await expect(page.getByRole('heading', { level: 1, name: 'Job alerts' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Location: Pune', exact: true })).toBeVisible();
  await expect(page.getByText(address)).toHaveCount(0);
  expect(await axe(page, 'the job alerts screen of an admin')).toEqual([]);
  await page.screenshot({ path: info.outputPath('console-admin.png'), fullPage: true });

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export addresses (CSV)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^job-alerts-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile((await download.path())!)).toString('utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/);
  expect(lines[0]).toBe('E-mail,Search,How often,"Confirmed (IST, UTC+05:30)",Ends');
  expect(lines.filter((l) => l.startsWith(`${address},Location: Pune,weekly,`))).toHaveLength(1);

  await openScreen(page, 'Audit log');
  await page.getByLabel('Action', { exact: true }).selectOption({ label: 'Job alert addresses exported' });
  await page.getByLabel('Actor e-mail').fill(admin.email);
  await page.getByRole('button', { name: 'Apply filters' }).click();
  const row = page.getByRole('region', { name: 'Audit log entries' }).getByRole('row').filter({ hasText: 'job alert address' }).first();
  await expect(row.getByRole('cell').nth(1)).toContainText(`${admin.name} exported `);
  await expect(row.getByRole('cell').nth(1)).toContainText(`Job alert addresses exported · ${admin.email}`);
});
