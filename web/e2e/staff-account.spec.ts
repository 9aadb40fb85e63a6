// A member of staff's account, end to end: an admin invites them in the
// console and the invitation arrives by e-mail (the outbox's .eml files);
// its link sets the account up, and a reload of the two-step set-up shows
// the same key, so a code from the first scan still works; the member signs
// in, changes their password on the account page, signs in with the new
// one, makes new recovery codes, and an old code is then refused. The
// account page is checked with axe at 1280 px and at 390 px. A session ended
// there is signed out at once in the browser that held it.
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import {
  addStaff,
  axe,
  beginResponse,
  enrolTotp,
  expect,
  openByAddress,
  openScreen,
  setUpAccount,
  shownSecret,
  signIn,
  signInHere,
  submitSignIn,
  WRONG_CODE,
  type Account,
} from './admin-helpers';
import { clientAddressFor, test } from './fixtures';
import { mailsTo, watchErrors } from './helpers';

const signOutButton = (page: Page) => page.getByRole('button', { name: 'Sign out', exact: true });

async function signOut(page: Page): Promise<void> {
  await signOutButton(page).click();
  await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();
}

/** A section of the account page by its heading. */
function section(page: Page, heading: string) {
  return page.locator('section').filter({ has: page.getByRole('heading', { name: heading, exact: true }) });
}

test('an invited member sets up their account from the e-mail, changes their password and makes new recovery codes @desktop-only', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(240_000);
  const { account: admin, link: adminLink } = addStaff('admin', 'account inviter');
  await setUpAccount(page, adminLink, admin);

  // The admin invites a new admin in the console; the screen says it was e-mailed.
  const id = randomBytes(4).toString('hex');
  const member: Account = { email: `invited-${id}@staff.example.com`, name: `Invited ${id}`, role: 'admin', password: `Amber orchard ${id} compass` };
  await openScreen(page, 'Staff');
  await page.getByLabel('Name', { exact: true }).fill(member.name);
  await page.getByLabel('E-mail', { exact: true }).fill(member.email);
  await page.getByLabel('Role', { exact: true }).selectOption('admin');
  await page.getByRole('button', { name: 'Add member of staff' }).click();
  await expect(page.getByText(`We e-mailed this link to ${member.email}`)).toBeVisible();
  const shown = await page.getByLabel('Set-up link').inputValue();

  // The invitation in the outbox: who invited them, the role, the link, until when.
  await expect.poll(() => mailsTo(member.email, 'staff console').length, { message: `the invitation to ${member.email}` }).toBe(1);
  const mail = mailsTo(member.email, 'staff console')[0]!;
  expect(mail).toContain(`Subject: You're invited to the`);
  expect(mail).toContain(`Hello ${member.name},`);
  expect(mail).toContain(`${admin.name} (${admin.email}) has invited you to the`);
  expect(mail).toContain('as an admin');
  expect(mail).toMatch(/The link works once, until \w+day \d{1,2} \w+ \d{4} at \d{2}:\d{2}/);
  const link = /https?:\/\/\S+\/admin\/setup#[A-Za-z0-9_-]+/.exec(mail)?.[0] ?? '';
  expect(link, 'the mail has the link the admin was shown').toBe(shown);

  // The member, in a browser of their own, opens the mail's link.
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    extraHTTPHeaders: { 'X-Forwarded-For': clientAddressFor(info, 'member') },
  });
  const mp = await context.newPage();
  const errors = watchErrors(mp);
  await mp.goto(link);
  await expect(mp.getByRole('heading', { name: 'Set your password' })).toBeVisible();
  await mp.getByLabel('New password').fill(member.password);
  await mp.getByLabel('Confirm password').fill(member.password);
  const firstBegin = beginResponse(mp);
  await mp.getByRole('button', { name: 'Set password' }).click();
  const { secret } = await firstBegin;
  await expect(mp.getByText(shownSecret(secret))).toBeVisible();

  // A reload keeps the key: the same secret comes back, and a code from the
  // first scan turns two-step sign-in on.
  const again = beginResponse(mp);
  await mp.reload();
  expect((await again).secret, 'the secret after a reload').toBe(secret);
  await enrolTotp(mp, member, Promise.resolve({ secret }));
  await expect(signOutButton(mp)).toBeVisible();
  const oldCodes = member.recoveryCodes!;

  // Sign in.
  await signOut(mp);
  await signInHere(mp, member);

  // The account page: change the password.
  await openByAddress(mp, 'account', 'Your account');
  await expect(section(mp, 'Your sessions').getByText('This session')).toBeVisible();
  const pw = section(mp, 'Password');
  await pw.getByLabel('Current password', { exact: true }).fill('not my password at all');
  await pw.getByLabel('New password', { exact: true }).fill(`Copper lantern ${id} meadow`);
  await pw.getByLabel('Confirm new password').fill(`Copper lantern ${id} meadow`);
  await pw.getByRole('button', { name: 'Change password' }).click();
  await expect(pw.getByText('Your current password is not right.')).toBeVisible();
  const found = await axe(mp, 'account page, with a field error');
  await pw.getByLabel('Current password', { exact: true }).fill(member.password);
  await pw.getByRole('button', { name: 'Change password' }).click();
  await expect(pw.getByRole('status')).toHaveText('Your password is changed. Your other sessions were signed out.');
  member.password = `Copper lantern ${id} meadow`;

  // Sign in with the new one.
  await signOut(mp);
  await signInHere(mp, member);

  // New recovery codes: shown once; an old one is refused, a new one works.
  await openByAddress(mp, 'account', 'Your account');
  const rc = section(mp, 'Recovery codes');
  await rc.getByLabel('Current password').fill(member.password);
  const made = mp.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/account/recovery-codes' && r.request().method() === 'POST');
  await rc.getByRole('button', { name: 'Make new recovery codes' }).click();
  const answer = await made;
  expect(answer.status()).toBe(200);
  const newCodes = ((await answer.json()) as { codes: string[] }).codes;
  await expect(mp.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
  await expect(mp.getByText('These are your new recovery codes. Your old ones no longer work.', { exact: false })).toBeVisible();
  found.push(...(await axe(mp, 'new recovery codes')));
  await mp.getByLabel('I have saved these codes').check();
  await mp.getByRole('button', { name: 'Continue' }).click();
  await expect(mp.getByRole('heading', { name: 'Your account' })).toBeVisible();
  found.push(...(await axe(mp, 'account page at 1280 px')));

  await signOut(mp);
  await submitSignIn(mp, member, oldCodes[0]);
  await expect(mp.getByRole('alert')).toHaveText(WRONG_CODE);
  await mp.getByLabel('Authentication code').fill(newCodes[0]!);
  await mp.getByRole('button', { name: 'Verify' }).click();
  await expect(signOutButton(mp)).toBeVisible();

  // The account page at 390 px: nothing wider than the screen, axe-clean.
  await mp.setViewportSize({ width: 390, height: 844 });
  await openByAddress(mp, 'account', 'Your account');
  await expect(section(mp, 'Your sessions').getByText('This session')).toBeVisible();
  expect(await mp.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  found.push(...(await axe(mp, 'account page at 390 px')));
  await mp.screenshot({ path: info.outputPath('account-390.png'), fullPage: true });
  await mp.setViewportSize({ width: 1280, height: 800 });
  await mp.screenshot({ path: info.outputPath('account-1280.png'), fullPage: true });

  expect(found).toEqual([]);
  const expected = /status of (401|422)\b/;
  expect(errors.filter((e) => !expected.test(e))).toEqual([]);
  await context.close();
});

test('ending a session from the account page signs that browser out at once @desktop-only', async ({ page, browser }, info) => {
  test.setTimeout(120_000);
  const { account, link } = addStaff('recruiter', 'account sessions');
  await setUpAccount(page, link, account);

  // The same member in a second browser.
  const other = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    extraHTTPHeaders: { 'X-Forwarded-For': clientAddressFor(info, 'second browser') },
  });
  const second = await other.newPage();
  await signIn(second, account);

  await openByAddress(page, 'account', 'Your account');
  const sessions = section(page, 'Your sessions');
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  await expect(sessions.getByRole('listitem').filter({ hasText: 'This session' })).toHaveCount(1);
  await sessions.getByRole('button', { name: /^End session: / }).click();
  await expect(sessions.getByRole('status')).toHaveText(/^Ended the session of /);
  await expect(sessions.getByRole('listitem')).toHaveCount(1);

  // The other browser's next request finds its session gone.
  await second.reload();
  await expect(second.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();
  // This one goes on.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your account', level: 1 })).toBeVisible();
  await other.close();
});
