import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type Request, type TestInfo } from '@playwright/test';
import { test } from './fixtures';
import { base, openHydrated, openJobs, watchErrors, type JobJSON } from './helpers';

// The application form at /apply/{id}. The server renders it complete; in
// the browser it checks the fields, keeps a draft on the device and sends
// one multipart request. The endpoint that stores applications is not in
// this build yet: tests named "UI:" answer the POST with page.route to see
// the form's sending, failure and success states.

const SHOTS = process.env.APPLY_SHOTS; // a folder for screenshots, when set

const pdf = (name = 'cv.pdf') => ({ name, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n') });

async function axe(page: Page, label: string) {
  const res = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  expect(res.violations.map((v) => `${label}: ${v.id} (${v.nodes.length}): ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
}

async function shot(page: Page, info: TestInfo, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${info.project.name}.png`, fullPage: false });
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** An open job from the demo content. */
async function someJob(page: Page): Promise<JobJSON> {
  const jobs = await openJobs(page.request);
  return jobs.find((j) => j.location === 'Bengaluru') ?? jobs[0]!;
}

async function openForm(page: Page): Promise<JobJSON> {
  const job = await someJob(page);
  await openHydrated(page, `/apply/${job.id}`);
  return job;
}

async function fillRequired(page: Page) {
  await field(page, 'First Name').fill('Asha');
  await field(page, 'Last Name').fill('Rao');
  await field(page, 'Full Name').fill('Asha Rao');
  await field(page, 'Email').fill('asha.rao@example.com');
  await field(page, 'Phone Number').fill('9876543210');
  await field(page, 'Address').fill('1 Lake Road, Uppal, Hyderabad');
  // About a month ahead: always within the rules' bounds.
  await field(page, 'Availability Date').fill(new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10));
  await field(page, 'How did you hear about us?').selectOption('Job Board');
  await field(page, 'National ID Type').selectOption('PAN');
  await field(page, 'National ID Number').fill('ABCDE1234F');
  await field(page, 'Resume').setInputFiles(pdf());
  await field(page, 'National ID Document').setInputFiles(pdf('id.pdf'));
  await field(page, 'I agree that my application is used as described above.').check();
}

/** The part names of a multipart request body, in order. */
function partNames(req: Request): string[] {
  const body = req.postDataBuffer()?.toString('latin1') ?? '';
  return [...body.matchAll(/Content-Disposition: form-data; name="([^"]+)"/g)].map((m) => m[1]!);
}

test('the server sends the form complete: title, heading, every section and field', async ({ request }) => {
  const jobs = await openJobs(request);
  const job = jobs[0]!;
  const res = await request.get(`${base()}/apply/${job.id}`);
  expect(res.status()).toBe(200);
  const html = await res.text();
  const esc = job.jobTitle.replace(/&/g, '&amp;');
  expect(html).toMatch(new RegExp(`<title>Apply for ${esc.replace(/[()]/g, '\\$&')} \\| [^<]+</title>`));
  expect(html).toContain(`>Apply for ${esc}</h1>`);
  expect(html).toContain('<meta name="robots" content="noindex">');
  for (const legend of ['Personal details', 'Work Experience', 'Education', 'Skills', 'Certifications', 'National ID']) {
    expect(html, legend).toMatch(new RegExp(`<legend[^>]*><h2[^>]*>(<label[^>]*>)?${legend}(</label>)?</h2></legend>`));
  }
  for (const name of ['firstName', 'email', 'phoneNumber', 'resume', 'nationalIdDocument', 'consent']) {
    expect(html, name).toContain(`name="${name}"`);
  }
  expect(html).toContain('Submit Application');
  expect(html).toMatch(/<noscript><p[^>]*>Sending an application needs JavaScript/);
  expect(html).not.toContain('>Loading...<');
});

test('with JavaScript off the form is there to read, with its labels', async ({ browser }, info) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: info.project.use.viewport });
  const page = await context.newPage();
  const job = await someJob(page);
  await page.goto(`${base()}/apply/${job.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Apply for ${job.jobTitle}`);
  await expect(field(page, 'Email')).toBeVisible();
  await expect(field(page, 'Location preference')).toHaveValue(job.location === 'Bengaluru' ? 'Bangalore' : 'Hyderabad');
  // Sending needs the script: the button waits for it (a <noscript> note says why).
  await expect(page.getByRole('button', { name: 'Submit Application' })).toBeDisabled();
  await context.close();
});

test('a missing job answers 404 with the not-found page', async ({ page }) => {
  const res = await page.goto(`${base()}/apply/no-such-job`);
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
});

test('UI: on client-side navigation the form shows Loading..., then a closed job says so (the API answers 410)', async ({ page }) => {
  const job = await someJob(page);
  let release: () => void = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route(`**/api/jobs/${job.id}`, async (route) => {
    await held;
    await route.fulfill({ status: 410, contentType: 'application/json', body: JSON.stringify({ error: { code: 'gone', message: 'This position is no longer open.' } }) });
  });
  await openHydrated(page, '/career');
  await page.locator(`a[href="/apply/${job.id}"]`).first().click();
  await expect(page).toHaveURL(`${base()}/apply/${job.id}`);
  // While the job is on its way (client-side navigation only), the page says so.
  await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toBeVisible();
  release();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This position is no longer open');
  await expect(page.getByRole('link', { name: 'See open positions' })).toBeVisible();
});

test('the form starts with the defaults, marks required fields and has no axe violations', async ({ page }, info) => {
  const errors = watchErrors(page);
  const job = await openForm(page);
  await expect(page).toHaveTitle(new RegExp(`^Apply for ${job.jobTitle.replace(/[()+]/g, '\\$&')} \\| `));
  await expect(field(page, 'Country Code')).toHaveValue('IN');
  await expect(field(page, 'Country Code').locator('option:checked')).toHaveText('India (+91)');
  await expect(field(page, 'Location preference')).toHaveValue('Bangalore');
  for (const label of ['First Name', 'Last Name', 'Full Name', 'Email', 'Phone Number', 'Address', 'Availability Date', 'Resume']) {
    await expect(field(page, label), label).toHaveAttribute('aria-required', 'true');
  }
  await expect(field(page, 'Middle Name')).not.toHaveAttribute('aria-required', 'true');
  await expect(field(page, 'Website')).toHaveAttribute('type', 'url');
  await expect(page.getByText('.pdf, .doc, .docx; up to 10 MB.')).toBeVisible();
  await expect(page.getByText('for 200 days, then delete them')).toBeVisible();
  await shot(page, info, 'empty');
  await axe(page, 'empty form');
  expect(errors).toEqual([]);
});

test('the phone number keeps only digits as typed', async ({ page }) => {
  await openForm(page);
  await field(page, 'Phone Number').pressSequentially('+44 (20) 7946-0958');
  await expect(field(page, 'Phone Number')).toHaveValue('442079460958');
});

test('sending an empty form lists every problem at the top; each link focuses its field', async ({ page }, info) => {
  await openForm(page);
  await page.getByRole('button', { name: 'Submit Application' }).click();
  const title = page.getByRole('heading', { name: 'There is a problem' });
  await expect(title).toBeFocused();
  const summary = page.getByRole('region', { name: 'There is a problem' });
  const links = summary.getByRole('link');
  await expect(links.first()).toHaveText(/^First Name: /);
  await expect(links.last()).toHaveText(/^Consent: /);
  await expect(field(page, 'Email')).toHaveAttribute('aria-invalid', 'true');

  // By keyboard: Tab from the heading into the list, Enter on a link.
  await page.keyboard.press('Tab');
  await expect(links.first()).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(field(page, 'First Name')).toBeFocused();

  await links.filter({ hasText: /^Resume: / }).click();
  await expect(field(page, 'Resume')).toBeFocused();
  await page.waitForTimeout(400); // smooth scrolling settles
  await title.scrollIntoViewIfNeeded();
  await shot(page, info, 'errors');
  await axe(page, 'errors');

  // Fixing a field clears its message.
  await field(page, 'First Name').fill('Asha');
  await expect(field(page, 'First Name')).not.toHaveAttribute('aria-invalid', 'true');
});

test('changing the score type clears the score; 10th and 12th ask for a board name', async ({ page }) => {
  await openForm(page);
  await field(page, 'Score').fill('86.25');
  await expect(field(page, 'Score')).toHaveAttribute('max', '100');
  await field(page, 'Score Type').selectOption('CGPA');
  await expect(field(page, 'Score')).toHaveValue('');
  await expect(field(page, 'Score')).toHaveAttribute('max', '10');
  await expect(field(page, 'Score')).toHaveAttribute('step', '0.01');
  await field(page, 'Level').selectOption('12th');
  await expect(field(page, 'Board Name')).toBeVisible();
  await expect(page.getByLabel('Degree', { exact: true })).toHaveCount(0);
  await field(page, 'Level').selectOption("Bachelor's");
  await expect(field(page, 'Degree')).toBeVisible();
  await expect(field(page, 'Field of Study')).toBeVisible();
  await expect(field(page, 'Location').locator('option')).toHaveCount(37); // "Choose…" and 36 states and territories
});

test('entries can be added and removed, all but the first; skills and certifications deleted', async ({ page }) => {
  await openForm(page);
  await expect(page.getByRole('button', { name: /^Remove Work experience/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Add Work Experience' }).click();
  await expect(page.getByLabel('Job Title', { exact: true })).toHaveCount(2);
  await expect(page.getByLabel('Job Title', { exact: true }).nth(1)).toBeFocused();
  await page.getByRole('button', { name: 'Remove Work experience 2' }).click();
  await expect(page.getByLabel('Job Title', { exact: true })).toHaveCount(1);

  await page.getByRole('button', { name: 'Add Education' }).click();
  await expect(page.getByLabel('Institution', { exact: true })).toHaveCount(2);
  await page.getByRole('button', { name: 'Remove Education 2' }).click();
  await expect(page.getByLabel('Institution', { exact: true })).toHaveCount(1);

  // Skills by keyboard: Enter adds, the chip's button deletes.
  await field(page, 'Skills').fill('Kubernetes');
  await page.keyboard.press('Enter');
  await field(page, 'Skills').fill('Go');
  await page.getByRole('button', { name: 'Add skill' }).click();
  await expect(page.locator('#apply-section-skills').getByRole('listitem')).toHaveText(['Kubernetes', 'Go']);
  await page.getByRole('button', { name: 'Delete Kubernetes' }).click();
  await expect(page.locator('#apply-section-skills').getByRole('listitem')).toHaveText(['Go']);

  await page.getByRole('button', { name: 'Add Certification' }).click();
  await expect(field(page, 'Certification Name')).toBeFocused();
  await field(page, 'Certification Name').fill('CKA');
  await page.getByRole('button', { name: 'Delete Certification 1' }).click();
  await expect(page.getByLabel('Certification Name', { exact: true })).toHaveCount(0);
});

test('a wrong file is refused at once, with the reason beside it', async ({ page }) => {
  await openForm(page);
  const resume = field(page, 'Resume');
  await resume.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47]) });
  await expect(resume).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#apply-resume-error')).toContainText('PDF, DOC or DOCX');
  expect(await resume.evaluate((el: HTMLInputElement) => el.files?.length ?? 0)).toBe(0);
  // A right one takes its place and the message goes.
  await resume.setInputFiles(pdf());
  await expect(resume).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(/^Chosen: cv\.pdf/)).toBeVisible();
});

test('a draft survives a reload, files included but not the ID; Start over clears it', async ({ page }) => {
  const job = await openForm(page);
  await field(page, 'First Name').fill('Meera');
  await field(page, 'National ID Type').selectOption('PAN');
  await field(page, 'National ID Number').fill('ABCDE1234F');
  await field(page, 'National ID Document').setInputFiles(pdf('meera-pan.pdf'));
  await field(page, 'Score Type').selectOption('CGPA');
  await field(page, 'Score').fill('8.4');
  await field(page, 'Skills').fill('Terraform');
  await page.keyboard.press('Enter');
  await field(page, 'Resume').setInputFiles(pdf('meera-cv.pdf'));
  await page.waitForTimeout(1200); // the draft is written 500 ms after the last change

  await page.reload();
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
  await expect(page.getByText('We restored your draft from this device.')).toBeVisible();
  await expect(field(page, 'First Name')).toHaveValue('Meera');
  await expect(field(page, 'Score Type')).toHaveValue('cgpa');
  await expect(field(page, 'Score')).toHaveValue('8.4');
  await expect(page.getByRole('button', { name: 'Delete Terraform' })).toBeVisible();
  await expect(page.getByText(/^Chosen: meera-cv\.pdf/)).toBeVisible();
  expect(await field(page, 'Resume').evaluate((el: HTMLInputElement) => el.files?.[0]?.name)).toBe('meera-cv.pdf');
  // The ID number and document are not kept on the device: the notice asks for them again.
  await expect(page.getByText('For your safety, enter your ID number and attach your ID document again.')).toBeVisible();
  await expect(field(page, 'National ID Type')).toHaveValue('PAN');
  await expect(field(page, 'National ID Number')).toHaveValue('');
  expect(await field(page, 'National ID Document').evaluate((el: HTMLInputElement) => el.files?.length ?? 0)).toBe(0);
  await expect(page.getByText(/^Chosen: meera-pan\.pdf/)).toHaveCount(0);

  await page.getByRole('button', { name: 'Start over' }).click();
  await expect(field(page, 'First Name')).toHaveValue('');
  await expect(field(page, 'First Name')).toBeFocused();
  await expect(page.getByText(/^Chosen: /)).toHaveCount(0);
  await page.waitForTimeout(800);
  await openHydrated(page, `/apply/${job.id}`);
  await page.waitForTimeout(300);
  await expect(page.getByText('We restored your draft from this device.')).toHaveCount(0);
  await expect(field(page, 'First Name')).toHaveValue('');
});

test('UI: while sending, the button reads Submitting... and a progress bar shows; success goes to /jobs, which confirms it', async ({ page }, info) => {
  // The whole form filled, two uploads and /jobs with the confirmation: about 15 s on an
  // idle 2-core machine, near 30 s on a loaded one.
  test.setTimeout(90_000);
  const job = await openForm(page);
  let post: Request | undefined;
  let release: () => void = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route(`**/api/jobs/${job.id}/applications`, async (route) => {
    post = route.request();
    await held;
    await route.fulfill({
      status: 201,
      contentType: 'application/json',
      body: JSON.stringify({ reference: 'APP-MNSZT7PP', updated: false, jobTitle: job.jobTitle, statusUrl: `${base()}/application-status#t=${'Q'.repeat(43)}` }),
    });
  });
  await fillRequired(page);
  await field(page, 'LinkedIn').fill('linkedin.com/in/asha-rao');
  await field(page, 'Website').fill('www.example.in');
  await page.getByRole('button', { name: 'Submit Application' }).click();

  const button = page.getByRole('button', { name: 'Submitting...' });
  await expect(button).toBeDisabled();
  const bar = page.getByRole('progressbar', { name: 'Upload progress' });
  await expect(bar).toBeVisible();
  await expect(page.getByText(/^\d+% – .+ of .+ sent$/)).toBeVisible();
  await bar.scrollIntoViewIfNeeded();
  await shot(page, info, 'progress');
  await axe(page, 'sending, with the progress bar');

  expect(post!.headers()['idempotency-key']).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
  expect(post!.headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
  expect(partNames(post!)).toEqual(['application', 'resume', 'nationalIdDocument']);
  const sent = JSON.parse(/name="application"\r\n\r\n(.*)\r\n/.exec(post!.postDataBuffer()!.toString('utf8'))![1]!) as Record<string, unknown>;
  expect(sent).toMatchObject({ linkedin: 'https://linkedin.com/in/asha-rao', website: 'https://www.example.in', phoneCountry: 'IN', phoneCountryCode: '+91' });
  release();

  // The confirmation, on /jobs, above its banner and the open positions.
  const heading = page.getByRole('heading', { level: 2, name: 'Application submitted successfully!' });
  await expect(heading).toBeFocused();
  await expect(page).toHaveURL(`${base()}/jobs`);
  await expect(heading).toBeInViewport();
  await expect(page).toHaveTitle(/^Open Positions \| /);
  await expect(page.getByRole('status').filter({ hasText: 'Application submitted successfully!' })).toContainText('APP-MNSZT7PP');
  const banner = page.getByRole('heading', { level: 1 });
  await expect(banner).toHaveText('Open Positions');
  expect((await heading.boundingBox())!.y).toBeLessThan((await banner.boundingBox())!.y);
  await expect(page.getByRole('button', { name: 'Submit Application' })).toHaveCount(0);
  const reference = page.getByTestId('application-reference');
  await expect(reference).toHaveText('APP-MNSZT7PP');
  // On one line, at either width.
  expect(await reference.evaluate((el) => el.getClientRects().length)).toBe(1);
  await expect(page.getByText(`We have received your application for ${job.jobTitle}.`)).toBeVisible();
  await expect(page.getByText('We sent a copy to asha.rao@example.com.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'What happens next' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Whatever the outcome, we will let you know.' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the job description' })).toHaveAttribute('href', `/job/${job.id}`);
  await expect(page.getByRole('link', { name: 'Follow your application' })).toHaveAttribute('href', `/application-status#t=${'Q'.repeat(43)}`);
  if (SHOTS) await page.waitForTimeout(600); // the scroll to the top settles
  await shot(page, info, 'success');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/success-full-${info.project.name}.png`, fullPage: true });
  await axe(page, 'jobs with the confirmation');

  // "Browse other open positions" leads down to the list, on the same page.
  await page.getByRole('link', { name: 'Browse other open positions' }).click();
  const list = page.getByRole('heading', { level: 2, name: 'Search open positions' });
  await expect(list).toBeFocused();
  await expect(list).toBeInViewport();
  await expect(page).toHaveURL(`${base()}/jobs`);
  await expect(heading).toBeVisible();

  // A reload shows plain /jobs and sends nothing again; so do Back (the form, empty: the draft is gone) and Forward.
  let posts = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/applications')) posts++;
  });
  await page.reload();
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1, name: 'Open Positions' })).toBeVisible();
  await expect(page.getByText('Application submitted successfully!')).toHaveCount(0);
  await page.goBack();
  await expect(page).toHaveURL(`${base()}/apply/${job.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Apply for ${job.jobTitle}` })).toBeVisible();
  await page.waitForTimeout(300);
  await expect(page.getByText('We restored your draft from this device.')).toHaveCount(0);
  await expect(field(page, 'First Name')).toHaveValue('');
  await page.goForward();
  await expect(page).toHaveURL(`${base()}/jobs`);
  await expect(page.getByRole('heading', { level: 1, name: 'Open Positions' })).toBeVisible();
  await expect(page.getByText('Application submitted successfully!')).toHaveCount(0);
  expect(posts).toBe(0);
});

test('the country of the phone number: every region by name with its code, and its lengths checked', async ({ page }) => {
  await openForm(page);
  const country = field(page, 'Country Code');
  const labels = await country.locator('option').allTextContents();
  expect(labels.length).toBeGreaterThan(200);
  expect(labels).toContain('United Kingdom (+44)');
  expect(labels).toContain('Canada (+1)');
  await country.selectOption({ label: 'United Kingdom (+44)' });
  await field(page, 'Phone Number').fill('7911 1234');
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.locator('#apply-phoneNumber-error')).toHaveText('A phone number in the United Kingdom has 9 or 10 digits.');
});

test('UI: a failure is shown in words, everything stays, and the retry reuses the idempotency key', async ({ page }) => {
  const job = await openForm(page);
  const keys: string[] = [];
  let answer: 'error' | 'abort' = 'error';
  await page.route(`**/api/jobs/${job.id}/applications`, async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (answer === 'abort') return route.abort('connectionreset');
    return route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'internal', message: 'Internal error.' } }) });
  });
  page.on('dialog', (d) => {
    throw new Error(`unexpected browser dialog: ${d.message()}`);
  });
  await fillRequired(page);
  const submit = page.getByRole('button', { name: 'Submit Application' });
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText('Error submitting application: Internal error.');
  await expect(submit).toBeEnabled();
  await expect(field(page, 'First Name')).toHaveValue('Asha');
  await expect(page.getByText(/^Chosen: cv\.pdf/)).toBeVisible();

  answer = 'abort';
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText(/^Error submitting application: Could not reach the server\./);
  await expect(submit).toBeEnabled();
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
});

test('UI: field messages from the server appear at the fields and in the summary', async ({ page }) => {
  const job = await openForm(page);
  await page.route(`**/api/jobs/${job.id}/applications`, (route) =>
    route.fulfill({
      status: 422,
      contentType: 'application/json',
      body: JSON.stringify({
        error: { code: 'invalid', message: 'Check the form.', fields: { nationalIdNumber: 'Enter a PAN like ABCDE1234F.', email: 'This address cannot receive mail.' } },
      }),
    }),
  );
  await fillRequired(page);
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByRole('heading', { name: 'There is a problem' })).toBeFocused();
  const links = page.getByRole('region', { name: 'There is a problem' }).getByRole('link');
  await expect(links).toHaveText(['Email: This address cannot receive mail.', 'National ID Number: Enter a PAN like ABCDE1234F.']);
  await expect(page.locator('#apply-nationalIdNumber-error')).toHaveText('Enter a PAN like ABCDE1234F.');
});
