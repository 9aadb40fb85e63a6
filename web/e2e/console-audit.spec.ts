// The audit log reads as sentences, at 1280 px and 390 px: an admin opens
// an application, and the log says so by name, with the reference linked
// to the application; the admin downloads the filtered log as CSV (times
// in IST, named in the header), which is itself recorded; and opens the
// applicant's confirmation e-mail from the outbox: headers, text, and the
// HTML in a sandboxed frame, recorded too. axe checks each screen;
// screenshots are kept in test-results/artifacts.
import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { AXE_TAGS, axe, expect, intoConsole, sendApplication, settled, unexpectedErrors } from './admin-helpers';
import { test } from './fixtures';
import { pdfFile, pngFile } from './files';
import { base, openJobs, watchErrors } from './helpers';

/** Sends an application through the public API; returns its reference. */
async function apply(page: Page, email: string): Promise<string> {
  const [job] = await openJobs(page.request);
  const { reference } = await sendApplication(
    page.request,
    job!.id,
    {
      firstName: 'Meera', lastName: 'Iyer', fullName: 'Meera Iyer', email, address: '9 Lake Road, Chennai',
      skills: ['Go'], coverLetter: 'I would like to join the team.', elapsedMs: 90_000,
    },
    { resume: pdfFile('cv.pdf', 'Meera Iyer: Curriculum vitae'), nationalIdDocument: pngFile('pan.png') },
  );
  return reference;
}

/**
 * axe's findings on an opened e-mail, its HTML frame left out: the frame is
 * sandboxed without scripts, so axe cannot run in it (and would wait for
 * it); the test checks the frame's title and sandbox itself.
 */
async function axeOutsideFrame(page: Page, what: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).exclude('iframe[sandbox]').analyze();
  return results.violations.map((v) => `${what}: ${v.id} (${v.nodes.length}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Filters the audit log by subject (and action) through its form. */
async function filterAudit(page: Page, subject: string, action = ''): Promise<void> {
  await page.goto(`${base()}/admin/audit`);
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  await settled(page);
  if (action) await page.getByLabel('Action', { exact: true }).selectOption(action);
  await page.getByLabel('Subject', { exact: true }).fill(subject);
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByRole('status').filter({ hasText: /match(es)? the filters\.$/ })).toBeVisible();
}

test('the audit log names and links what happened, downloads as CSV, and an admin opens an outbox e-mail', async ({ page }, info) => {
  test.setTimeout(150_000);
  const errors = watchErrors(page);
  const found: string[] = [];
  const email = `audit-${randomBytes(4).toString('hex')}@example.com`;
  const reference = await apply(page, email);
  const admin = await intoConsole(page, 'admin', `audit-${info.project.name}`);

  // The action: the admin opens the application.
  await page.goto(`${base()}/admin/applications?q=${reference}`);
  await page.getByRole('table').getByRole('link', { name: reference, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Application ${reference}` })).toBeVisible();

  // The log says it in words, the reference linked to the application.
  await filterAudit(page, reference, 'application-opened');
  const rows = page.getByRole('region', { name: 'Audit log entries' }).getByRole('row');
  const opened = rows.filter({ hasText: `${admin.name} opened application ${reference}` });
  await expect(opened).toHaveCount(1);
  found.push(...(await axe(page, 'the audit log')));
  await page.screenshot({ path: info.outputPath(`audit-${info.project.name}.png`), fullPage: true });
  const link = opened.getByRole('link', { name: reference, exact: true });
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: `Application ${reference}` })).toBeVisible();
  await page.goBack();
  await expect(opened).toHaveCount(1);

  // The filtered log downloads as CSV, times in the site's zone.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download CSV (filtered)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = (await readFile(await download.path())).toString('utf8');
  const [header, ...lines] = csv.replace(/^\ufeff/, '').trim().split(/\r?\n/);
  expect(header).toBe('"When (IST, UTC+05:30)",Who,What happened,Action,Subject,Detail,Actor e-mail,From (IP)');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain(`${admin.name} opened application ${reference}`);
  expect(lines[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2},/);

  // The download is recorded.
  await filterAudit(page, 'audit log', 'audit-log-exported');
  await expect(rows.filter({ hasText: `${admin.name} exported 1 audit log entry to CSV` })).toHaveCount(1);

  // The outbox: the applicant's confirmation opens with its headers and bodies.
  await page.goto(`${base()}/admin/mail`);
  await expect(page.getByRole('heading', { level: 1, name: 'Mail' })).toBeVisible();
  const open = page.getByRole('link', { name: new RegExp(`^Open e-mail to ${email.replace(/[.]/g, '\\.')}: `) }).first();
  await open.click();
  await expect(page.getByText('Opening an e-mail is recorded in the audit log.')).toBeVisible();
  const subject = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
  expect(subject).toContain(reference);
  await expect(page.getByRole('definition').filter({ hasText: email })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Text' })).toContainText(reference);
  const frame = page.locator('iframe[title^="HTML version of the e-mail"]');
  if ((await frame.count()) > 0) {
    await expect(frame).toHaveAttribute('sandbox', '');
    await expect(page.frameLocator('iframe[title^="HTML version of the e-mail"]').locator('body')).toContainText(reference);
    await frame.scrollIntoViewIfNeeded();
    await frame.screenshot({ path: info.outputPath(`mail-html-${info.project.name}.png`) });
  }
  found.push(...(await axeOutsideFrame(page, 'an outbox e-mail')));
  await page.screenshot({ path: info.outputPath(`mail-${info.project.name}.png`), fullPage: true });

  // Opening it is recorded, naming the e-mail by its subject.
  await filterAudit(page, subject, 'mail-opened');
  const mailRow = rows.filter({ hasText: `${admin.name} opened the e-mail “${subject}”` });
  await expect(mailRow).toHaveCount(1);
  await expect(mailRow.getByRole('link', { name: `“${subject}”` })).toBeVisible();

  expect(found).toEqual([]);
  expect(unexpectedErrors(errors)).toEqual([]);
});
