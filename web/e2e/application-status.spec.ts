import AxeBuilder from '@axe-core/playwright';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { pdfFile, pngFile } from './files';
import { test } from './fixtures';
import { base, emailFor, inAMonth, openHydrated, openJobs } from './helpers';

// The applicant's status page, for real: apply through the form, open the
// private link from the submit answer and from the mail the site wrote,
// withdraw, download, ask for a new link, erase.

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** Applies to the first open job through the form and returns the submit answer. */
async function apply(page: Page, email: string): Promise<{ reference: string; statusUrl: string }> {
  const job = (await openJobs(page.request))[0]!;
  await page.clock.install();
  await openHydrated(page, `/apply/${job.id}`);
  await field(page, 'First Name').fill('Lakshmi');
  await field(page, 'Last Name').fill('Narayanan');
  await field(page, 'Full Name').fill('Lakshmi Narayanan');
  await field(page, 'Email').fill(email);
  await field(page, 'Phone Number').fill('98765 43210');
  await field(page, 'Address').fill('4 Temple Street, Uppal, Hyderabad');
  await field(page, 'Availability Date').fill(inAMonth());
  await field(page, 'How did you hear about us?').selectOption('Company Website');
  await field(page, 'National ID Type').selectOption('PAN');
  await field(page, 'National ID Number').fill('abcpe1234k');
  await field(page, 'Resume').setInputFiles(pdfFile());
  await field(page, 'National ID Document').setInputFiles(pngFile());
  await field(page, 'I agree that my application is used as described above.').check();
  // A person takes longer than a test to fill the form.
  await page.clock.fastForward('01:00');
  const answer = page.waitForResponse((r) => r.url().endsWith('/applications') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Submit Application' }).click();
  const res = await answer;
  expect(res.status()).toBe(201);
  return (await res.json()) as { reference: string; statusUrl: string };
}

/** Undoes quoted-printable encoding (mail bodies). */
function unQP(s: string): string {
  return s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

/** The bodies of the mails the site wrote to address whose subject has subject. */
function mailsTo(address: string, subject: string): string[] {
  const dir = join(process.env.E2E_DATA_DIR!, 'mail');
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((n) => n.endsWith('.eml'))
    .sort()
    .map((n) => unQP(readFileSync(join(dir, n), 'utf8')))
    .filter((m) => m.includes(`To: ${address}`) || m.includes(`<${address}>`))
    .filter((m) => m.includes(subject));
}

function linkIn(mail: string): string {
  return /https?:\/\/\S+\/application-status#t=[A-Za-z0-9_-]{43}/.exec(mail)?.[0] ?? '';
}

async function axe(page: Page) {
  const res = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(res.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Opens url in a fresh document (not a jump within the page already open). */
async function openLink(page: Page, url: string) {
  await page.goto('about:blank');
  const res = await page.goto(url.startsWith('/') ? `${base()}${url}` : url);
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
  return res!;
}

test('an applicant follows, withdraws, downloads, gets a new link and erases their application', async ({ page }, info) => {
  test.setTimeout(120_000);
  const email = emailFor(info);
  const saved = await apply(page, email);
  expect(saved.statusUrl).toMatch(/\/application-status#t=[A-Za-z0-9_-]{43}$/);

  // The confirmation mail carries the same link.
  await expect.poll(() => linkIn(mailsTo(email, 'Your application for')[0] ?? ''), { timeout: 10_000 }).toBe(saved.statusUrl);

  // The page: private, and the application in words.
  await page.clock.resume();
  const res = await openLink(page, saved.statusUrl);
  expect(res.headers()['cache-control']).toBe('no-store');
  expect(res.headers()['referrer-policy']).toBe('no-referrer');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  const details = page.locator('dl');
  await expect(details).toContainText(saved.reference);
  await expect(details).toContainText('Received');
  await expect(page.getByRole('heading', { name: 'What happens next' })).toBeVisible();
  await axe(page);
  await page.screenshot({ path: info.outputPath('status.png'), fullPage: true });

  // Withdraw, confirmed in a dialog that keyboard users can leave with Escape.
  await page.getByRole('button', { name: 'Withdraw application' }).click();
  const withdraw = page.getByRole('dialog', { name: 'Withdraw your application?' });
  await expect(withdraw).toBeVisible();
  await expect(withdraw.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await axe(page);
  await page.screenshot({ path: info.outputPath('withdraw-dialog.png') });
  await page.keyboard.press('Escape');
  await expect(withdraw).toBeHidden();
  await page.getByRole('button', { name: 'Withdraw application' }).click();
  await withdraw.getByRole('button', { name: 'Withdraw application' }).click();
  await expect(details).toContainText('Withdrawn');
  await expect(page.getByRole('button', { name: 'Withdraw application' })).toHaveCount(0);

  // Download: a zip named after the reference.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  expect((await download).suggestedFilename()).toBe(`application-${saved.reference}.zip`);

  // Lost link: the form on the page without a link answers, and mails a new link.
  await openLink(page, '/application-status');
  await expect(page.getByRole('heading', { name: 'Lost your link?' })).toBeVisible();
  await axe(page);
  await page.screenshot({ path: info.outputPath('lost-link.png'), fullPage: true });
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Reference').fill(saved.reference.toLowerCase());
  await page.getByRole('button', { name: 'E-mail me a new link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'we have e-mailed a new link' })).toBeVisible();
  let fresh = '';
  await expect
    .poll(() => (fresh = linkIn(mailsTo(email, 'Your application status link')[0] ?? '')), { timeout: 10_000 })
    .toMatch(/#t=/);
  expect(fresh).not.toBe(saved.statusUrl);

  // The old link died with the new one.
  await openLink(page, saved.statusUrl);
  await expect(page.getByRole('heading', { name: 'This link does not work' })).toBeVisible();

  // Erase, from the new link.
  await openLink(page, fresh);
  await page.getByRole('button', { name: 'Erase my application' }).click();
  const erase = page.getByRole('dialog', { name: 'Erase your application?' });
  await expect(erase).toContainText(saved.reference);
  await erase.getByRole('button', { name: 'Erase my application' }).click();
  await expect(page.getByRole('heading', { name: 'Your application is erased' })).toBeVisible();
  await page.screenshot({ path: info.outputPath('erased.png'), fullPage: true });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
});
