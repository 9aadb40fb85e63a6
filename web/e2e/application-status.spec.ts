import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { pdfFile, pngFile, unzip } from './files';
import { sendApplication } from './admin-helpers';
import { test } from './fixtures';
import { base, emailFor, inAMonth, mailsTo, openHydrated, openJobs, statusLinkIn as linkIn } from './helpers';

// The applicant's status page, for real, at 390 and 1280 px with axe on
// every state: apply through the form, open the private link from the
// submit answer and from the mail the site wrote, withdraw, download (the
// zip's contents), ask for a new link, erase. A lost-link request that
// matches nothing answers the same words and mails nothing.

/** What "Lost your link?" answers, whether or not an application matches. */
const LINK_SENT =
  'If an application with this reference was sent from this e-mail address, we have e-mailed a new link to it, and the link we sent before no longer works.';

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
  await axe(page);

  // Download: a zip named after the reference.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  expect((await download).suggestedFilename()).toBe(`application-${saved.reference}.zip`);
  // What was sent, files included; the national ID number by its last four characters only.
  const zip = unzip(readFileSync((await (await download).path())!));
  const sent = JSON.parse(zip.get('application.json')!.toString('utf8')) as Record<string, unknown>;
  expect(sent).toMatchObject({ reference: saved.reference, firstName: 'Lakshmi', fullName: 'Lakshmi Narayanan', email, stage: 'Withdrawn' });
  expect(JSON.stringify(sent)).not.toMatch(/ABCPE1234K/i);
  expect(zip.get(String(sent.resume))).toEqual(pdfFile().buffer);
  expect(zip.get(String(sent.nationalIdDocument))?.subarray(1, 4).toString()).toBe('PNG');
  expect([...zip.keys()].sort()).toEqual(['application.json', String(sent.nationalIdDocument), String(sent.resume)].sort());

  // Lost link: the form on the page without a link answers, and mails a new link.
  await openLink(page, '/application-status');
  await expect(page.getByRole('heading', { name: 'Lost your link?' })).toBeVisible();
  await axe(page);
  await page.screenshot({ path: info.outputPath('lost-link.png'), fullPage: true });
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Reference').fill(saved.reference.toLowerCase());
  await page.getByRole('button', { name: 'E-mail me a new link' }).click();
  await expect(page.getByRole('status').filter({ hasText: LINK_SENT })).toBeVisible();
  await axe(page);
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
  await axe(page);
  await erase.getByRole('button', { name: 'Erase my application' }).click();
  await expect(page.getByRole('heading', { name: 'Your application is erased' })).toBeVisible();
  await axe(page);
  await page.screenshot({ path: info.outputPath('erased.png'), fullPage: true });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
  await axe(page);
});

test('a lost-link request that matches nothing answers the same words and mails nothing', async ({ page, request }, info) => {
  test.setTimeout(60_000);
  const email = emailFor(info);
  // A real application by this address, so the address alone is known.
  const job = (await openJobs(request))[0]!;
  const { reference } = await sendApplication(request, job.id, { firstName: 'Anita', lastName: 'Desai', fullName: 'Anita Desai', email });
  await expect.poll(() => mailsTo(email).length, { timeout: 10_000 }).toBe(1);

  await openLink(page, '/application-status');
  await expect(page.getByRole('heading', { name: 'Lost your link?' })).toBeVisible();
  // Another reference with this address, this reference with another
  // address, then the right pair: the same words each time.
  const other = reference === 'APP-AAAAAAAA' ? 'APP-BBBBBBBB' : 'APP-AAAAAAAA';
  for (const [address, ref] of [[email, other], [`nobody-${email}`, reference], [email, reference.toLowerCase()]] as const) {
    await page.getByLabel('E-mail address').fill(address);
    await page.getByLabel('Reference').fill(ref);
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/application-status/link'));
    await page.getByRole('button', { name: 'E-mail me a new link' }).click();
    const answer = await answered;
    expect(answer.status()).toBe(202);
    expect(((await answer.json()) as { message: string }).message).toBe(LINK_SENT);
    await expect(page.getByRole('status').filter({ hasText: LINK_SENT })).toBeVisible();
    await axe(page);
  }
  // The outbox writes in the order mail is queued: once the right pair's
  // link is written, the two before it would have been too. They were not.
  await expect.poll(() => mailsTo(email).map(linkIn).filter(Boolean).length, { timeout: 10_000 }).toBe(2);
  expect(mailsTo(email)).toHaveLength(2);
  expect(mailsTo(email, 'Your application status link')).toHaveLength(1);
  expect(mailsTo(`nobody-${email}`)).toEqual([]);
});
