// Candidate e-mails from the pipeline, in Chromium against the running
// site: a recruiter edits the interview invitation, sees the server's
// preview as they type, moves an application to Interview with "Notify
// the candidate" ticked, and an admin finds the e-mail in the outbox
// (the Mail screen). axe checks the screens at 1280 px.
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

/** Sends an application as a person does, through the public API; returns its reference. */
async function apply(page: Page, email: string): Promise<string> {
  const [job] = await openJobs(page.request);
  const application = {
    firstName: 'Kavya', middleName: '', lastName: 'Nair', fullName: 'Kavya Nair', email,
    phoneCountryCode: '+91', phoneNumber: '9876543210', address: '12 Lake Road, Hyderabad',
    linkedin: '', website: '', locationPreference: 'Hyderabad', availabilityDate: inAMonth(),
    workExperiences: [], educations: [], skills: [], certifications: [], coverLetter: '',
    heardFrom: 'Referral', eligibleToWork: true, willingToRelocate: false, gender: '', disabilityStatus: '',
    nationalIdType: 'PAN', nationalIdNumber: 'ABCPE1234K', consent: true, consentVersion: CONSENT_VERSION,
    homepage: '', elapsedMs: 600_000,
  };
  const res = await page.request.post(`${base()}/api/jobs/${job!.id}/applications`, {
    headers: { Origin: base() },
    multipart: { application: JSON.stringify(application), resume: pdfFile('cv.pdf', 'Curriculum vitae'), nationalIdDocument: pngFile('pan.png') },
    timeout: 30_000,
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { reference: string }).reference;
}

test('a recruiter edits the interview e-mail, previews it and sends it with a status change', { tag: '@desktop-only' }, async ({ page, browser }, info) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  const found: string[] = [];
  const tag = randomBytes(4).toString('hex');
  const email = `candidate-${tag}@example.com`;
  const reference = await apply(page, email);
  await intoConsole(page, 'recruiter', 'candidate-emails');

  // Edit the interview invitation; the preview follows the text.
  await openScreen(page, 'candidate-emails', 'Candidate e-mails');
  await expect(page.getByRole('heading', { name: 'Interview invitation' })).toBeVisible();
  found.push(...(await axe(page, 'the candidate e-mails')));
  await page.getByRole('button', { name: 'Edit the interview invitation e-mail' }).click();
  const subject = page.getByLabel('Subject');
  await subject.fill(`Interview ${tag}: {job_title} ({reference})`);
  const text = page.getByLabel('Text');
  await text.fill('Dear {first_name},\n\nWe would like to meet you.\n\n{status_link}');
  await expect(page.getByTestId('preview-subject')).toHaveText(/^Interview [0-9a-f]{8}: .+ \(APP-SAMPLE23\)$/);
  await expect(page.getByTestId('preview-text')).toContainText('Dear Priya,');
  // An unknown placeholder is named, and the preview waits for a fix.
  await text.fill('Dear {name},\n\n{status_link}');
  await expect(page.getByText('Unknown placeholder {name}: use {first_name}, {job_title}, {reference} or {status_link}.')).toBeVisible();
  found.push(...(await axe(page, 'the interview e-mail being edited')));
  await text.fill('Dear {first_name},\n\nWe would like to meet you.\n\n{status_link}');
  await expect(page.getByTestId('preview-text')).toContainText('We would like to meet you.');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status')).toHaveText('Saved the interview invitation e-mail.');

  // Move the application to Interview, notifying the candidate (ticked by default).
  await openScreen(page, 'applications', 'Applications');
  await page.getByLabel('Search name, e-mail or reference').fill(reference);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('table').getByRole('link', { name: reference, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Application ${reference}` })).toBeVisible();
  await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption('interview');
  await expect(page.getByLabel('Notify the candidate')).toBeChecked();
  await expect(page.getByText(`E-mail: “Interview ${tag}: {job_title} ({reference})”`)).toBeVisible();
  found.push(...(await axe(page, 'the status change with notify')));
  await page.getByRole('button', { name: 'Update status' }).click();
  await expect(page.getByText('Status updated to Interview. The candidate will be e-mailed.')).toBeVisible();

  // An admin sees the e-mail in the outbox.
  const context = await browser.newContext({
    viewport: info.project.use.viewport ?? null,
    extraHTTPHeaders: { 'X-Forwarded-For': clientAddressFor(info, 'admin') },
  });
  const admin = await context.newPage();
  const adminErrors = watchErrors(admin);
  await intoConsole(admin, 'admin', 'candidate-emails-mail');
  await openScreen(admin, 'mail', 'Mail');
  const mail = admin.getByRole('row').filter({ hasText: `Interview ${tag}:` });
  await expect(mail).toHaveCount(1);
  await expect(mail).toContainText(email);
  await expect(mail).toContainText(`(${reference})`);
  await context.close();

  expect(found).toEqual([]);
  const unexpected = (e: string) => !/^error: Failed to load resource: the server responded with a status of (401|422)\b/.test(e);
  expect(errors.filter(unexpected)).toEqual([]);
  expect(adminErrors.filter(unexpected)).toEqual([]);
});
