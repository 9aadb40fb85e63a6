import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { docxFile, pdfFile, pngFile, type TestFile } from './files';
import { test } from './fixtures';
import { base, emailFor, inAMonth, openHydrated, openJobs, type JobJSON } from './helpers';

// Real submissions: the form in Chromium sends to the running site, which
// checks the documents, stores the application and answers. Every test
// applies with an e-mail address of its own, so tests never update each
// other's applications.

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function openForm(page: Page): Promise<JobJSON> {
  const jobs = await openJobs(page.request);
  const job = jobs[0]!;
  await openHydrated(page, `/apply/${job.id}`);
  return job;
}

/** Fills every required field, and a little more, as an applicant does. */
async function fillApplication(page: Page, email: string, files: { resume: TestFile; id: TestFile }) {
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
  await field(page, 'Resume').setInputFiles(files.resume);
  await field(page, 'National ID Document').setInputFiles(files.id);
  await field(page, 'I agree that my application is used as described above.').check();
}

/** Sends the form and waits for the confirmation on /jobs; returns the reference it shows. */
async function submitAndLand(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Application submitted successfully!' })).toBeFocused({ timeout: 20_000 });
  await expect(page).toHaveURL(`${base()}/jobs`);
  const ref = (await page.getByTestId('application-reference').textContent()) ?? '';
  expect(ref).toMatch(/^APP-[A-Z2-7]{8}$/);
  return ref;
}

test('a full application with a Word resume, a photo of the ID and a certificate is stored', async ({ page }, info) => {
  await openForm(page);
  await fillApplication(page, emailFor(info), { resume: docxFile('lakshmi-cv.docx'), id: pngFile('pan-card.png') });

  // One work experience, one education, a skill and a certification.
  await page.getByLabel('Job Title', { exact: true }).first().fill('Support Engineer');
  await page.getByLabel('Company Name', { exact: true }).first().fill('Harbour Networks');
  await page.getByLabel('Start Date', { exact: true }).first().fill('2020-07-01');
  await page.getByLabel('Level', { exact: true }).first().selectOption("Bachelor's");
  await page.getByLabel('Institution', { exact: true }).first().fill('JNTU Hyderabad');
  await page.getByLabel('Degree', { exact: true }).first().fill('B.E.');
  await page.getByLabel('Field of Study', { exact: true }).first().fill('Electronics');
  await page.getByLabel('Location', { exact: true }).first().selectOption('Telangana');
  await page.getByLabel('Graduation Date', { exact: true }).first().fill('2020-05-30');
  await page.getByLabel('Score Type', { exact: true }).first().selectOption('cgpa');
  await page.getByLabel('Score', { exact: true }).first().fill('8.25');
  await page.getByLabel('Skills', { exact: false }).first().fill('Networking');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Add Certification' }).click();
  await page.getByLabel('Certification Name', { exact: true }).fill('CCNA');
  await page.getByLabel('Certification Document', { exact: true }).setInputFiles(pdfFile('ccna.pdf', 'CCNA certificate'));

  const ref = await submitAndLand(page);
  expect(ref).toMatch(/^APP-[A-Z2-7]{8}$/);
  const res = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(res.violations.map((v) => v.id)).toEqual([]);

  // The private status link the answer carried, a path on this site, opened as a page of its own.
  const follow = page.getByRole('link', { name: 'Follow your application' });
  await expect(follow).toHaveAttribute('href', /^\/application-status#t=[A-Za-z0-9_-]{43}$/);
  await follow.click();
  await expect(page).toHaveURL(/\/application-status#t=/);
  await expect(page.locator('dl')).toContainText(ref);
});

test('applying again with the same e-mail updates the earlier application', async ({ page }, info) => {
  const email = emailFor(info);
  await openForm(page);
  await fillApplication(page, email, { resume: pdfFile(), id: pdfFile('pan.pdf', 'PAN') });
  const first = await submitAndLand(page);

  await openForm(page);
  await fillApplication(page, email.toUpperCase(), { resume: pdfFile('cv-2.pdf', 'Second version'), id: pdfFile('pan.pdf', 'PAN') });
  const second = await submitAndLand(page);
  expect(second).toBe(first);
  await expect(page.getByText('It replaces the application you sent earlier')).toBeVisible();
});

test('a retry after a lost answer stores the application once', async ({ page }, info) => {
  const job = await openForm(page);
  await fillApplication(page, emailFor(info), { resume: pdfFile(), id: pngFile() });
  // The first request reaches the server and is stored; its answer is lost.
  let stored = '';
  await page.route(`**/api/jobs/${job.id}/applications`, async (route) => {
    const res = await route.fetch();
    stored = await res.text();
    await route.abort('connectionreset');
  });
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByRole('alert')).toContainText('Error submitting application:');
  expect(JSON.parse(stored)).toMatchObject({ updated: false });
  await page.unroute(`**/api/jobs/${job.id}/applications`);

  // The retry carries the same key: the server answers the first result,
  // a new application (not an update of a second one).
  const ref = await submitAndLand(page);
  expect(ref).toBe(JSON.parse(stored).reference);
  await expect(page.getByText('It replaces the application you sent earlier')).toHaveCount(0);
});

test('a file whose content is not what its name says is refused by the server, at its field', async ({ page }, info) => {
  await openForm(page);
  const fake: TestFile = { name: 'cv.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<html><body>not a pdf</body></html>') };
  await fillApplication(page, emailFor(info), { resume: fake, id: pngFile() });
  await page.getByRole('button', { name: 'Submit Application' }).click();
  const summary = page.getByRole('region', { name: 'There is a problem' });
  await expect(summary).toBeVisible();
  const link = summary.getByRole('link', { name: /^Resume: .*PDF/ });
  await expect(link).toBeVisible();
  await expect(page).toHaveURL(/\/apply\//);
  // Everything typed stays.
  await expect(field(page, 'Full Name')).toHaveValue('Lakshmi Narayanan');
  await link.click();
  await expect(field(page, 'Resume')).toBeFocused();
});
