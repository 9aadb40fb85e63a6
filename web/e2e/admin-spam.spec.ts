// The Suspected spam queue of the staff console, in Chromium against the
// running site: an application sent as bots send it (the hidden field
// filled in, a second after the form opened) is kept aside without
// e-mail; a search by its reference finds it and says where it is; the
// dashboard counts the queue; a recruiter's "Not spam" releases it, and
// its confirmation e-mail is then queued (the admin's Mail screen shows
// it) and the verdict is in the audit log. axe checks the screens at 1280 px.
import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, type Page } from '@playwright/test';
import { addStaff, setUpAccount, type Role } from './admin-helpers';
import { clientAddressFor, test } from './fixtures';
import { pdfFile, pngFile } from './files';
import { base, inAMonth, openJobs, watchErrors } from './helpers';
import { CONSENT_VERSION } from '../src/gen/apply-rules';

// Sign-in hashes passwords, which is slow on a loaded machine.
const expect = baseExpect.configure({ timeout: 15_000 });

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

async function axe(page: Page, what: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return results.violations.map((v) => `${what}: ${v.id} (${v.nodes.length}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function intoConsole(page: Page, role: Role, label: string) {
  const { account, link } = addStaff(role, label);
  await setUpAccount(page, link, account);
  return account;
}

async function openScreen(page: Page, path: string, heading: string) {
  await page.goto(`${base()}/admin/${path}`);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
}

/** Sends an application as a bot does (hidden field filled, at once) through the public API; returns its reference. */
async function applyAsBot(page: Page, email: string): Promise<{ reference: string; jobTitle: string }> {
  const [job] = await openJobs(page.request);
  const application = {
    firstName: 'Meera', middleName: '', lastName: 'Iyer', fullName: 'Meera Iyer', email,
    phoneCountryCode: '+91', phoneNumber: '9876543210', address: '12 Lake Road, Hyderabad',
    linkedin: '', website: '', locationPreference: 'Hyderabad', availabilityDate: inAMonth(),
    workExperiences: [], educations: [], skills: [], certifications: [], coverLetter: '',
    heardFrom: 'Referral', eligibleToWork: true, willingToRelocate: false, gender: '', disabilityStatus: '',
    nationalIdType: 'PAN', nationalIdNumber: 'ABCPE1234K', consent: true, consentVersion: CONSENT_VERSION,
    homepage: 'http://cheap-pills.example', elapsedMs: 1_000,
  };
  const res = await page.request.post(`${base()}/api/jobs/${job!.id}/applications`, {
    headers: { Origin: base() },
    multipart: {
      application: JSON.stringify(application),
      resume: pdfFile('cv.pdf', 'Curriculum vitae'),
      nationalIdDocument: pngFile('pan.png'),
    },
    timeout: 30_000,
  });
  // Answered like any other application: a bot learns nothing.
  expect(res.status(), await res.text()).toBe(201);
  return { reference: ((await res.json()) as { reference: string }).reference, jobTitle: job!.jobTitle };
}

test('suspected spam is found by its reference, counted on the dashboard, and "Not spam" sends its confirmation', { tag: '@desktop-only' }, async ({ page, browser }, info) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  const found: string[] = [];
  const email = `spam-${randomBytes(4).toString('hex')}@example.com`;
  const { reference } = await applyAsBot(page, email);

  const recruiter = await intoConsole(page, 'recruiter', 'spam-review');

  // The dashboard counts the queue and leads to it.
  await openScreen(page, '', 'Dashboard');
  const card = page.getByRole('link', { name: /^Suspected spam to review \d+$/ });
  await expect(card).toBeVisible();
  expect(Number((await card.textContent())!.replace(/\D+/g, ''))).toBeGreaterThanOrEqual(1);

  // A search for the code alone, in small letters, from the default list:
  // not in the table, but found, with where it is.
  await openScreen(page, 'applications', 'Applications');
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

  // An admin sees the confirmation in the outbox and the verdict in the audit log.
  const context = await browser.newContext({
    viewport: info.project.use.viewport ?? null,
    extraHTTPHeaders: { 'X-Forwarded-For': clientAddressFor(info, 'admin') },
  });
  const admin = await context.newPage();
  const adminErrors = watchErrors(admin);
  await intoConsole(admin, 'admin', 'spam-audit');
  await openScreen(admin, 'mail', 'Mail');
  const mail = admin.getByRole('row').filter({ hasText: email });
  await expect(mail).toHaveCount(1);
  await expect(mail).toContainText(`Your application for`);
  await expect(mail).toContainText(reference);

  await openScreen(admin, 'audit', 'Audit log');
  await admin.getByLabel('Action', { exact: true }).selectOption({ label: 'Application marked not spam' });
  await admin.getByLabel('Actor e-mail').fill(recruiter.email);
  await admin.getByRole('button', { name: 'Apply filters' }).click();
  // The recruiter's opening of the application is in the log too; the
  // verdict's row is the one that says so.
  const row = admin
    .getByRole('region', { name: 'Audit log entries' })
    .getByRole('row')
    .filter({ hasText: reference })
    .filter({ hasText: 'released from Suspected spam; the confirmation e-mail was sent' });
  await expect(row).toHaveCount(1);
  await context.close();

  expect(found).toEqual([]);
  const unexpected = (e: string) => !/^error: Failed to load resource: the server responded with a status of 401\b/.test(e);
  expect(errors.filter(unexpected)).toEqual([]);
  expect(adminErrors.filter(unexpected)).toEqual([]);
});
