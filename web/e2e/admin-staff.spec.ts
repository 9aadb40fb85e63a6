// The Staff and Mail screens' main flows: an admin adds a member of staff
// in the console, the member sets up the account with the link it shows,
// the admin changes the member's role and disables the account (the
// member's session ends at once), and the audit log records the changes;
// an admin sets another member's public author profile; the Mail screen
// lists the staff notification of a contact message.
import { randomBytes } from 'node:crypto';
import { expect as baseExpect } from '@playwright/test';
import {
  addStaff,
  axe,
  navigationLabels,
  navigationOf,
  openScreen,
  setUpAccount,
  SIGN_IN_FAILED,
  submitSignIn,
  type Account,
} from './admin-helpers';
import { pngFile } from './files';
import { clientAddressFor, test } from './fixtures';
import { base } from './helpers';

// Sign-in hashes passwords, slow on a loaded machine.
const expect = baseExpect.configure({ timeout: 15_000 });

test('an admin adds a member of staff, changes their role and disables them; the audit log has it @desktop-only', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(90_000);
  const { account: admin, link } = addStaff('admin', 'staff screen admin');
  await setUpAccount(page, link, admin);
  await openScreen(page, 'Staff');
  await expect(page.getByRole('heading', { name: 'Staff', level: 1 })).toBeVisible();

  const id = randomBytes(4).toString('hex');
  const member: Account = { email: `added-${id}@staff.example.com`, name: `Added ${id}`, role: 'editor', password: `Calm meadow ${id} signal` };
  await page.getByLabel('Name', { exact: true }).fill(member.name);
  await page.getByLabel('E-mail', { exact: true }).fill(member.email);
  await page.getByLabel('Role', { exact: true }).selectOption('editor');
  await page.getByRole('button', { name: 'Add member of staff' }).click();
  const setUpLink = await page.getByLabel('Set-up link').inputValue();
  expect(setUpLink).toMatch(new RegExp(`^${base()}/admin/setup#[A-Za-z0-9_-]{20,}$`));
  const row = page.getByRole('row').filter({ hasText: member.email });
  await expect(row).toContainText('Invited');

  // The member, in a browser of their own, uses the link.
  const context = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': clientAddressFor(info, 'member') } });
  const memberPage = await context.newPage();
  await setUpAccount(memberPage, setUpLink, member);
  expect(await navigationLabels(memberPage)).toEqual([...navigationOf.editor]);

  // A new role takes effect on the member's next load.
  await page.getByRole('button', { name: 'Done' }).click();
  await page.reload();
  await expect(row).toContainText('Active');
  await page.getByLabel(`Role of ${member.name}`).selectOption('recruiter');
  await page.getByRole('button', { name: `Save role of ${member.name}` }).click();
  await expect(page.getByRole('button', { name: `Save role of ${member.name}` })).toBeDisabled();
  await memberPage.reload();
  await expect(memberPage.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Applications' })).toBeVisible();
  expect(await navigationLabels(memberPage)).toEqual([...navigationOf.recruiter]);

  // Disabling ends the member's session and refuses their sign-in.
  await page.getByRole('button', { name: `Disable ${member.name}` }).click();
  await expect(page.getByRole('button', { name: `Enable ${member.name}` })).toBeVisible();
  await expect(row).toContainText('Disabled');
  await memberPage.reload();
  await expect(memberPage.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await submitSignIn(memberPage, member);
  await expect(memberPage.getByRole('alert').filter({ hasText: SIGN_IN_FAILED })).toBeVisible();
  await context.close();

  // The audit log names who changed what.
  await openScreen(page, 'Audit log');
  await page.getByLabel('Actor e-mail').fill(admin.email);
  await page.getByRole('button', { name: 'Apply filters' }).click();
  const roleRow = page.getByRole('row').filter({ hasText: 'from editor to recruiter' });
  await expect(roleRow).toHaveCount(1);
  await expect(page.getByRole('row').filter({ hasText: /disabled/i })).toHaveCount(1);
});

test('the Mail screen lists the staff notification of a contact message @desktop-only', async ({ page, request }) => {
  const id = randomBytes(4).toString('hex');
  const subject = `Mail screen check ${id}`;
  const sent = await request.post(`${base()}/api/contact`, {
    headers: { Origin: base() },
    data: { name: 'Mail Check', email: `mail-${id}@example.com`, subject, message: 'A message whose staff notification the Mail screen should list.', website: '', elapsedMs: 60_000 },
  });
  expect(sent.status()).toBe(201);

  const { account: admin, link } = addStaff('admin', 'mail screen admin');
  await setUpAccount(page, link, admin);
  await openScreen(page, 'Mail');
  await expect(page.getByRole('heading', { name: 'Mail', level: 1 })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: subject });
  await expect(row).toHaveCount(1);
  // Without an SMTP server the site writes mail to files: it is sent.
  await expect(row).toContainText(/Sent|Queued|Sending/);
  // The Sent filter lists it once the sender has run (it wakes at once).
  await page.getByLabel('Status', { exact: true }).selectOption('sent');
  await expect(page).toHaveURL(/status=sent/);
  await expect(async () => {
    await page.reload();
    await baseExpect(page.getByRole('row').filter({ hasText: subject })).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
});

test("an admin sets a member's public profile from the Staff screen; the audit log names whose it was @desktop-only", async ({ page }, info) => {
  test.setTimeout(90_000);
  const { account: admin, link } = addStaff('admin', 'staff profile admin');
  const { account: writer } = addStaff('editor', 'staff profile writer');
  await setUpAccount(page, link, admin);
  await openScreen(page, 'Staff');
  await page.getByRole('button', { name: `Edit profile of ${writer.name}` }).click();
  const heading = page.getByRole('heading', { name: `Public profile of ${writer.name}` });
  await expect(heading).toBeFocused();
  const panel = page.locator('section').filter({ has: heading });
  const id = randomBytes(3).toString('hex');
  await panel.getByLabel('Display name').fill(`Meera Iyer ${id}`);
  await panel.getByLabel('Bio').fill('Writes about moving payroll systems to the cloud.');
  await panel.getByRole('button', { name: 'Save profile' }).click();
  await expect(panel.getByRole('status')).toHaveText(`${writer.name}’s profile is saved. Their posts show it now.`);
  await panel.getByLabel('Upload a photo').setInputFiles(pngFile('meera.png', 500, 500));
  await panel.getByRole('button', { name: 'Upload photo' }).click();
  await expect(panel.getByRole('img', { name: `${writer.name}’s current photo` })).toBeVisible();
  expect(await axe(page, "a member's profile on the Staff screen")).toEqual([]);
  await page.screenshot({ path: info.outputPath('staff-profile-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await heading.scrollIntoViewIfNeeded();
  await page.screenshot({ path: info.outputPath('staff-profile-390.png') });
  await page.getByRole('button', { name: `Close profile of ${writer.name}` }).click();
  await expect(heading).toHaveCount(0);

  await openScreen(page, 'Audit log');
  await page.getByLabel('Actor e-mail').fill(admin.email);
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByRole('row').filter({ hasText: `changed the author profile of ${writer.name} (display name, bio)` })).toHaveCount(1);
  await expect(page.getByRole('row').filter({ hasText: `changed the author profile of ${writer.name} (photo added)` })).toHaveCount(1);
});
