// Candidate e-mails, previewed and sent, in Chromium against the running
// site: a recruiter edits an e-mail and reads the server's preview of the
// unsaved text (subject, plain text, and the HTML part in a frame
// sandboxed without scripts), by keyboard, at 390 and 1280 px; then the
// received e-mail, edited in the console, is the confirmation the next
// applicant gets (read from the .eml files the site writes without an
// SMTP server), and a repeated submission is answered with the first
// answer's status link. axe checks every screen.
import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, type Page } from '@playwright/test';
import { addStaff, setUpAccount } from './admin-helpers';
import { test } from './fixtures';
import { pdfFile, pngFile } from './files';
import { base, inAMonth, mailsTo, openJobs, watchErrors } from './helpers';
import { CONSENT_VERSION } from '../src/gen/apply-rules';

// Sign-in hashes passwords, which is slow on a loaded machine.
const expect = baseExpect.configure({ timeout: 15_000 });

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

// The preview's frame holds the e-mail, not the console, and runs no
// script, so axe cannot look inside it; its title is checked by name.
const PREVIEW_FRAME = 'iframe[title="HTML version of the e-mail"]';

async function axe(page: Page, what: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).exclude(PREVIEW_FRAME).analyze();
  return results.violations.map((v) => `${what}: ${v.id} (${v.nodes.length}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** A recruiter of their own, signed in on page, on the Candidate e-mails screen. */
async function openCandidateEmails(page: Page, label: string) {
  const { account, link } = addStaff('recruiter', label);
  await setUpAccount(page, link, account);
  await page.goto(`${base()}/admin/candidate-emails`);
  await expect(page.getByRole('heading', { level: 1, name: 'Candidate e-mails' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
}

/** Opens an e-mail's editor with the keyboard. */
async function editByKeyboard(page: Page, name: string) {
  const edit = page.getByRole('button', { name: `Edit the ${name} e-mail` });
  await edit.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Subject')).toBeVisible();
}

/** Fails when the page scrolls sideways (the phone width). */
async function noSidewaysScroll(page: Page) {
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(scroll, 'the page is wider than the screen').toBeLessThanOrEqual(client);
}

const unexpected = (e: string) => !/^error: Failed to load resource: the server responded with a status of (401|422)\b/.test(e);

test('a recruiter edits an e-mail and previews its subject, text and HTML for a sample applicant', async ({ page }) => {
  test.setTimeout(90_000);
  const errors = watchErrors(page);
  const found: string[] = [];
  const tag = randomBytes(4).toString('hex');
  await openCandidateEmails(page, 'email-preview');

  // The received e-mail is the confirmation: said so, never "not sent yet".
  const received = page.getByRole('region', { name: 'Application received' });
  await expect(received).toContainText('Sent to every applicant when their application arrives');
  await expect(page.getByText(/not sent yet/i)).toHaveCount(0);
  found.push(...(await axe(page, 'the candidate e-mails')));

  // The offer e-mail, edited by keyboard; the preview follows the unsaved text.
  await editByKeyboard(page, 'offer');
  await page.getByLabel('Subject').fill(`Offer ${tag}: {job_title} ({reference})`);
  await page.getByLabel('Text').fill('Dear {first_name},\n\n<b>Welcome</b> & congratulations on {job_title}.\n\nYour page:\n{status_link}');
  await expect(page.getByTestId('preview-subject')).toHaveText(`Offer ${tag}: Senior Software Engineer (APP-SAMPLE23)`);
  const text = page.getByRole('region', { name: 'Plain version' });
  await expect(text).toContainText('Dear Priya,');
  await expect(text).toContainText('<b>Welcome</b> & congratulations on Senior Software Engineer.');
  await expect(text).toContainText(/\/application-status#t=\S+/);

  // The HTML part: in a frame with no permission (no scripts, no origin),
  // the staff's text shown as text, the status link a link.
  const frameElement = page.getByTitle('HTML version of the e-mail');
  await expect(frameElement).toHaveAttribute('sandbox', '');
  await expect(frameElement).toHaveAttribute('srcdoc', /&lt;b&gt;Welcome&lt;\/b&gt; &amp; congratulations on Senior Software Engineer\./);
  const frame = page.frameLocator(PREVIEW_FRAME);
  await expect(frame.getByText('Dear Priya,')).toBeVisible();
  await expect(frame.getByText('<b>Welcome</b> & congratulations on Senior Software Engineer.')).toBeVisible();
  await expect(frame.locator('b')).toHaveCount(0);
  await expect(frame.getByRole('link', { name: /\/application-status#t=/ })).toBeVisible();
  found.push(...(await axe(page, 'the offer e-mail previewed')));
  await noSidewaysScroll(page);

  // A refused text says why, and the preview waits for a fix.
  await page.getByLabel('Text').fill('Dear {name},');
  await expect(page.getByText('Unknown placeholder {name}: use {first_name}, {job_title}, {reference} or {status_link}.')).toBeVisible();
  await expect(page.getByText('Correct the text to see the preview.')).toBeVisible();
  await page.getByLabel('Text').fill('Dear {first_name},\n\nAn offer for {job_title}.\n\n{status_link}');
  await expect(frame.getByText('An offer for Senior Software Engineer.')).toBeVisible();

  // Saved from the keyboard: Enter in the subject sends the form.
  await page.getByLabel('Subject').press('Enter');
  await expect(page.getByRole('status')).toHaveText('Saved the offer e-mail.');
  await expect(page.getByRole('region', { name: 'Offer' })).toContainText(`Offer ${tag}: {job_title} ({reference})`);
  found.push(...(await axe(page, 'the candidate e-mails after saving')));
  await noSidewaysScroll(page);

  expect(found).toEqual([]);
  expect(errors.filter(unexpected)).toEqual([]);
});

/** Sends an application through the public API as the form does; returns the answer. */
async function apply(page: Page, email: string, key = ''): Promise<{ reference: string; statusUrl: string }> {
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
    headers: key ? { Origin: base(), 'Idempotency-Key': key } : { Origin: base() },
    multipart: { application: JSON.stringify(application), resume: pdfFile('cv.pdf', 'Curriculum vitae'), nationalIdDocument: pngFile('pan.png') },
    timeout: 30_000,
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { reference: string; statusUrl: string };
}

// One run edits the site's one received e-mail: at one width only, so
// that the two projects do not edit it at once. Its subject and status
// link stay as other tests of the confirmation expect them, and the
// text is put back at the end.
test('the received e-mail edited in the console is the confirmation the next applicant gets', { tag: '@desktop-only' }, async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  const found: string[] = [];
  const tag = randomBytes(4).toString('hex');
  await openCandidateEmails(page, 'email-received');
  await editByKeyboard(page, 'application received');
  const subject = page.getByLabel('Subject');
  const text = page.getByLabel('Text');
  const original = { subject: await subject.inputValue(), body: await text.inputValue() };
  expect(original.body).toContain('Whatever the outcome, we will let you know.');

  try {
    // Without the status link the confirmation is refused: it is how applicants get it.
    await text.fill('Dear {first_name},\n\nThanks.');
    await expect(page.getByText('Keep {status_link} in the text: the confirmation is how applicants get the link to their status page.')).toBeVisible();
    await text.fill(`Dear {first_name},\n\nThank you ${tag}: we have your application {reference} for {job_title}.\n\nYour private status page:\n{status_link}\n\nThe recruiting team`);
    // The preview is the confirmation, with what the site adds after the text.
    const preview = page.getByRole('region', { name: 'Plain version' });
    await expect(preview).toContainText(`Thank you ${tag}: we have your application APP-SAMPLE23 for Senior Software Engineer.`);
    await expect(preview).toContainText('How we use and keep your data:');
    const frame = page.frameLocator(PREVIEW_FRAME);
    await expect(frame.getByText(`Thank you ${tag}: we have your application APP-SAMPLE23 for Senior Software Engineer.`)).toBeVisible();
    await expect(page.getByTestId('preview-subject')).toHaveText('Your application for Senior Software Engineer (APP-SAMPLE23)');
    found.push(...(await axe(page, 'the received e-mail previewed')));
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('status')).toHaveText('Saved the application received e-mail.');

    // The next application's confirmation is the edited text, in both parts.
    const email = `received-${tag}@example.com`;
    const saved = await apply(page, email);
    let mail = '';
    await expect
      .poll(() => (mail = mailsTo(email).find((m) => m.includes('Your application for')) ?? ''), { timeout: 15_000 })
      .toContain(`Thank you ${tag}: we have your application ${saved.reference} for`);
    expect(mail).toContain('Content-Type: multipart/alternative');
    expect(mail).toContain(`Your private status page:\r\n${saved.statusUrl}`);
    expect(mail).toContain(`<a href="${saved.statusUrl}">`);
    expect(mail).toContain(`<p>Dear Kavya,</p>`);
    expect(mail).toContain('How we use and keep your data:');
  } finally {
    // The text every applicant got before, back for the other tests.
    await page.goto(`${base()}/admin/candidate-emails`);
    await editByKeyboard(page, 'application received');
    await subject.fill(original.subject);
    await text.fill(original.body);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('status')).toHaveText('Saved the application received e-mail.');
  }

  expect(found).toEqual([]);
  expect(errors.filter(unexpected)).toEqual([]);
});

test('a repeated submission is answered as the first was, with its status link', { tag: '@desktop-only' }, async ({ page }) => {
  test.setTimeout(60_000);
  const tag = randomBytes(4).toString('hex');
  const key = `retry-${tag}-0123456789`;
  const email = `retry-${tag}@example.com`;
  const first = await apply(page, email, key);
  expect(first.statusUrl).toMatch(/\/application-status#t=[A-Za-z0-9_-]{43}$/);
  const again = await apply(page, email, key);
  expect(again).toEqual(first);
  // The link works.
  await page.goto(again.statusUrl);
  await expect(page.locator('dl')).toContainText(first.reference);
});
