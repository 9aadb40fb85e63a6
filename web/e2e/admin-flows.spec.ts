import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, type APIRequestContext, type Browser, type Page, type TestInfo } from '@playwright/test';
import { consoleContext, intoConsole, sendApplication } from './admin-helpers';
import { test } from './fixtures';
import { pdfFile, pngFile } from './files';
import { base, openHydrated, openJobs, watchErrors } from './helpers';

// The staff console's main flows, through its screens in Chromium against
// the running site: each test makes its own staff accounts (command line +
// set-up link) and its own content (unique titles, e-mail addresses and
// references), so tests run in parallel and in any order. Only set-up the
// console does not do (an application, a comment) goes through the public
// API or the public pages.

// Every test's page stays free of console errors, warnings and uncaught
// exceptions (a refused inline style or script shows here). Tests in one
// worker run one at a time, so one list per worker will do.
let pageErrors: string[] = [];
test.beforeEach(({ page }) => {
  pageErrors = watchErrors(page);
});
test.afterEach(() => {
  // Answers like 401 (the shell asking who is signed in before set-up) and
  // the 404 and 410 the tests ask for are the flows' own; the rest is not.
  expect(pageErrors.filter((e) => !/^error: Failed to load resource: the server responded with a status of (401|404|410)\b/.test(e))).toEqual([]);
});

/** Generous: two Playwright runs share two cores. */
const SLOW = { timeout: 20_000 };

/** A short id no other test (or project, or repeat) uses. */
const uid = () => randomBytes(4).toString('hex');

/** An admin in a browser context of its own (the recruiter's session stays as it is). */
function adminPage(browser: Browser, info: TestInfo) {
  return consoleContext(browser, info, 'admin', 'auditor');
}

/** Opens a console screen by its address (the navigation is the shell's concern). */
async function openScreen(page: Page, path: string, heading: string | RegExp) {
  await page.goto(`${base()}/admin/${path}`);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible(SLOW);
}

interface Applied {
  reference: string;
  email: string;
  jobTitle: string;
}

/**
 * Applies for an open job through the public API, as the form does (the
 * form itself is apply-submit.spec.ts's subject). Text fields that reach
 * the CSV export start with characters a spreadsheet reads as a formula.
 */
async function apply(request: APIRequestContext, tag: string): Promise<Applied> {
  const job = (await openJobs(request))[0]!;
  const email = `applicant-${tag}@example.com`;
  const { reference } = await sendApplication(
    request,
    job.id,
    {
      firstName: '=HYPERLINK("https://evil.example","open")',
      lastName: `+Narayanan${tag}`,
      fullName: `Lakshmi Narayanan ${tag}`,
      email,
      address: '4 Temple Street, Uppal, Hyderabad',
      skills: ['@SUM(A1:A9)', 'Networking'],
      heardFrom: 'Company Website',
      elapsedMs: 120_000,
    },
    { resume: pdfFile(`cv-${tag}.pdf`, `Curriculum vitae ${tag}`), nationalIdDocument: pngFile(`pan-${tag}.png`) },
  );
  return { reference, email, jobTitle: job.jobTitle };
}

/** Finds an application by its reference in the list and opens it. */
async function openApplication(page: Page, reference: string) {
  await openScreen(page, 'applications', 'Applications');
  await page.getByLabel('Search name, e-mail or reference').fill(reference);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('link', { name: reference, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Application ${reference}` })).toBeVisible(SLOW);
}

/** The audit log filtered by action and actor; waits for the row of subject and returns it. */
async function auditRow(page: Page, action: string, actor: string, subject: string) {
  await openScreen(page, 'audit', 'Audit log');
  await page.getByLabel('Action', { exact: true }).selectOption({ label: action });
  await page.getByLabel('Actor e-mail').fill(actor);
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByText(/match(es)? the filters\.$/)).toBeVisible(SLOW);
  // Newest first; a download fetched twice has two rows.
  const row = page.getByRole('region', { name: 'Audit log entries' }).getByRole('row').filter({ hasText: subject }).first();
  await expect(row).toBeVisible(SLOW);
  // One sentence naming the subject, over the action and the actor's e-mail.
  const what = row.getByRole('cell').nth(1);
  await expect(what.getByRole('link', { name: subject, exact: true })).toBeVisible();
  await expect(what).toContainText(`${action} · ${actor}`);
  return row;
}

// --- Jobs ---------------------------------------------------------------------

test('a recruiter creates, previews and publishes a job, sees it on /career, and closing it makes its pages 410', async ({ page, request }) => {
  test.setTimeout(120_000);
  const id = uid();
  const title = `Site Reliability Engineer ${id}`;
  const duty = `Keep the ${id} platform running through the monsoon release.`;
  await intoConsole(page, 'recruiter', 'recruiter');

  await openScreen(page, 'jobs', 'Jobs');
  await page.getByRole('link', { name: 'New job' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New job' })).toBeVisible();
  await page.getByLabel('Job title').fill(title);
  await page.getByLabel('Minimum years of experience').fill('3');
  await page.getByLabel('Maximum years of experience').fill('5');
  await page.getByRole('combobox', { name: 'Location' }).selectOption({ label: 'Hyderabad' });
  await page.getByLabel('Employment type').selectOption({ index: 1 });
  const description = page.getByRole('textbox', { name: 'Description' });
  await description.click();
  await description.pressSequentially(duty);
  await expect(description).toContainText(duty);

  // The preview shows the job's own words, as the public page will.
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  const frame = page.frameLocator('iframe[title="Preview"]');
  await expect(frame.getByRole('heading', { level: 1, name: title })).toBeVisible(SLOW);
  await expect(frame.getByText(duty)).toBeVisible();
  // Styled as the public page is: the site's stylesheet reached the frame
  // (unstyled, the header's logo fills the frame's width).
  const logo = await frame.getByRole('banner').locator('svg, img').first().boundingBox();
  expect(logo?.height ?? 0).toBeGreaterThan(0);
  expect(logo!.height).toBeLessThan(100);

  // The structured-data check says in words what is there.
  const check = page.getByRole('region', { name: 'Search engine check' });
  await expect(check).toContainText('of the preview');
  await expect(check.getByRole('status')).toHaveText('Every required item is present.');
  await expect(check.getByRole('listitem').filter({ hasText: 'Job title' })).toContainText('Present');
  await expect(check.getByRole('listitem').filter({ hasText: 'Salary' })).toContainText('Missing');
  await expect(check.getByRole('listitem').filter({ hasText: 'Salary' })).toContainText('Enter a minimum or maximum salary.');

  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Published. The job is on the career page now.' })).toBeVisible(SLOW);
  await expect(page.getByText('Status: Open')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: `Edit job: ${title}` })).toBeVisible();
  const jobId = /\/admin\/jobs\/([^/?#]+)$/.exec(page.url())?.[1];
  expect(jobId, page.url()).toBeTruthy();
  await expect(page.getByRole('link', { name: 'View the public page' })).toHaveAttribute('href', new RegExp(`/job/${jobId}$`));

  // On the career page, and its own page answers.
  const career = await openHydrated(page, '/career');
  expect(career?.status()).toBe(200);
  await expect(page.getByText(title).first()).toBeVisible();
  const open = await request.get(`${base()}/job/${jobId}`);
  expect(open.status()).toBe(200);
  expect(await open.text()).toContain(duty);
  expect((await request.get(`${base()}/apply/${jobId}`)).status()).toBe(200);

  // The jobs list says it is open; editing it changes the public page at once.
  await page.goto(`${base()}/admin/jobs`);
  const listed = page.getByRole('row').filter({ has: page.getByRole('link', { name: title, exact: true }) });
  await expect(listed).toContainText('Open', SLOW);
  await listed.getByRole('link', { name: title, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Edit job: ${title}` })).toBeVisible(SLOW);
  const more = `On call one week in six (${id}).`;
  const editor = page.getByRole('textbox', { name: 'Description' });
  await editor.click();
  await editor.press('End');
  await editor.press('Enter');
  await editor.pressSequentially(more);
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Changes saved. The public page shows them now.' })).toBeVisible(SLOW);
  const edited = await (await request.get(`${base()}/job/${jobId}`)).text();
  expect(edited).toContain(duty);
  expect(edited).toContain(more);

  // Closing it from the console.
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: 'Close job' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Closed. The job is off the career page.' })).toBeVisible(SLOW);
  await expect(page.getByText('Status: Closed')).toBeVisible();

  // The server renders "position closed" with 410 for both public pages.
  for (const path of [`/job/${jobId}`, `/apply/${jobId}`]) {
    const res = await request.get(`${base()}${path}`);
    expect(res.status(), path).toBe(410);
    const html = await res.text();
    expect(html, path).toContain('This position is no longer open');
    expect(html, path).not.toContain(duty);
  }
  // Nor does the API take applications for it any more.
  const late = await request.post(`${base()}/api/jobs/${jobId}/applications`, { multipart: { application: '{}' } });
  expect(late.status()).toBe(410);
  const careerHTML = await (await request.get(`${base()}/career`)).text();
  expect(careerHTML).not.toContain(title);
  // And in a browser, the page says so too.
  const gone = await page.goto(`${base()}/job/${jobId}`);
  expect(gone?.status()).toBe(410);
  await expect(page.getByRole('heading', { level: 1, name: 'This position is no longer open' })).toBeVisible();

  // A closed job can be deleted; then its page is not found.
  await page.goto(`${base()}/admin/jobs/${jobId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Edit job: ${title}` })).toBeVisible(SLOW);
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: 'Delete job' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible(SLOW);
  await expect(page.getByRole('link', { name: title })).toHaveCount(0);
  expect((await request.get(`${base()}/job/${jobId}`)).status()).toBe(404);
});

// --- Blog ---------------------------------------------------------------------

test('an editor writes and publishes a post, then edits it, gives it a cover, and the blog shows the change', { tag: '@desktop-only' }, async ({ page, request }) => {
  test.setTimeout(120_000);
  const id = uid();
  const title = `Moving a clinic to the cloud ${id}`;
  const changed = `Moving three clinics to the cloud ${id}`;
  await intoConsole(page, 'editor', 'editor');

  await openScreen(page, 'blog', 'Blog');
  await page.getByRole('link', { name: 'New post' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New post' })).toBeVisible();
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Description', { exact: true }).fill('How a small team moved its records without a day of downtime.');
  const content = page.getByRole('textbox', { name: 'Content' });
  await content.click();
  await page.getByRole('button', { name: 'Heading 2' }).click();
  await content.pressSequentially('Where we started');
  await content.press('Enter');
  await content.pressSequentially(`Three clinics, one server in a cupboard, and ${id}.`);
  await expect(content.getByRole('heading', { level: 2, name: 'Where we started' })).toBeVisible();

  // A draft first: it gets its own address and stays off the blog.
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved.' })).toBeVisible(SLOW);
  await expect(page.getByRole('heading', { level: 1, name: `Edit post: ${title}` })).toBeVisible();
  await expect(page.getByText('Status: Draft')).toBeVisible();
  const postId = /\/admin\/blog\/([^/?#]+)$/.exec(page.url())?.[1];
  expect(postId, page.url()).toBeTruthy();
  expect((await request.get(`${base()}/blog/${postId}`)).status()).toBe(404);

  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Published. The post is on the blog now.' })).toBeVisible(SLOW);
  await expect(page.getByText('Status: Published')).toBeVisible();
  expect(await (await request.get(`${base()}/blog/${postId}`)).text()).toContain(title);

  // Edit the published post.
  await page.getByLabel('Title', { exact: true }).fill(changed);
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Changes saved. The blog shows them now.' })).toBeVisible(SLOW);
  await expect(page.getByRole('heading', { level: 1, name: `Edit post: ${changed}` })).toBeVisible();

  await openHydrated(page, `/blog/${postId}`);
  await expect(page.getByRole('heading', { level: 1, name: changed })).toBeVisible();
  await expect(page.getByText(`Three clinics, one server in a cupboard, and ${id}.`)).toBeVisible();

  // A cover: stored in two formats, of which Chromium shows the WebP, in
  // the post's header (never lazy: the likely largest paint) and on its card.
  await page.goto(`${base()}/admin/blog/${postId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Edit post: ${changed}` })).toBeVisible(SLOW);
  await page.getByLabel('Upload a cover image').setInputFiles(pngFile('clinic.png', 1800, 1000));
  await page.getByRole('button', { name: 'Upload cover image' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Cover image uploaded.' })).toBeVisible({ timeout: 60_000 });
  for (const path of [`/blog/${postId}`, '/blog']) {
    await openHydrated(page, path);
    const cover = page.getByRole('img', { name: changed });
    await cover.scrollIntoViewIfNeeded();
    await expect(cover).toHaveJSProperty('complete', true);
    const shown = await cover.evaluate((img: HTMLImageElement) => ({
      src: img.currentSrc,
      width: img.naturalWidth,
      loading: img.getAttribute('loading'),
      priority: img.getAttribute('fetchpriority'),
      sources: Array.from(img.parentElement?.querySelectorAll('source') ?? [], (s) => s.type),
    }));
    expect(shown.src, path).toMatch(/^http:\/\/[^/]+\/covers\/[a-z0-9-]+-(480|960|1600)\.webp$/);
    expect(shown.width, path).toBeGreaterThan(0);
    expect(shown.sources, path).toEqual(['image/webp']);
    if (path !== '/blog') expect([shown.loading, shown.priority]).toEqual([null, 'high']);
  }

  // Unpublished, it is gone from the blog.
  await page.goto(`${base()}/admin/blog/${postId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Edit post: ${changed}` })).toBeVisible(SLOW);
  await page.getByRole('button', { name: 'Unpublish' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Unpublished. The post is a draft again and off the blog.' })).toBeVisible(SLOW);
  expect((await request.get(`${base()}/blog/${postId}`)).status()).toBe(404);
  expect(await (await request.get(`${base()}/blog`)).text()).not.toContain(changed);
});

// --- Applications ---------------------------------------------------------------

test('a recruiter moves an application new → reviewing → interview, finds it by status, then erases it', async ({ page, request }) => {
  test.setTimeout(120_000);
  const app = await apply(request, uid());
  const recruiter = await intoConsole(page, 'recruiter', 'recruiter');
  await openApplication(page, app.reference);
  await expect(page.getByText(`Lakshmi Narayanan`).first()).toBeVisible();

  // A select inside its label is named by the label and the chosen option.
  const status = page.getByRole('combobox', { name: /^Status/ });
  await expect(status).toHaveValue('new');
  for (const [value, label] of [
    ['reviewing', 'Reviewing'],
    ['interview', 'Interview'],
  ] as const) {
    await status.selectOption(value);
    await page.getByRole('button', { name: 'Update status' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Status updated to ${label}.` })).toBeVisible(SLOW);
    await expect(page.getByText(new RegExp(`^${label} since `))).toBeVisible();
  }

  // A note, internal, signed by its author.
  await expect(page.getByText('No notes yet.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Note' }).fill('Strong on networking; ask about on-call.');
  await page.getByRole('button', { name: 'Add note' }).click();
  const notes = page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: 'Notes' }) }).getByRole('listitem');
  await expect(notes).toHaveCount(1, SLOW);
  await expect(notes.first()).toContainText(recruiter.name);
  await expect(notes.first()).toContainText('Strong on networking; ask about on-call.');
  await expect(page.getByRole('textbox', { name: 'Note' })).toHaveValue('');

  // The list's status filter finds it under Interview, not under New.
  await page.getByRole('link', { name: 'Back to applications' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Applications' })).toBeVisible();
  const search = page.getByLabel('Search name, e-mail or reference');
  await search.fill(app.reference);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const filter = page.getByRole('combobox', { name: /^Status/ });
  await filter.selectOption('interview');
  await expect(page).toHaveURL(/status=interview/);
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: app.reference }) });
  await expect(row).toHaveCount(1, SLOW);
  await expect(row).toContainText('Interview');
  await filter.selectOption('new');
  await expect(page).toHaveURL(/status=new/);
  await expect(page.getByText('No applications match these filters.')).toBeVisible(SLOW);
  await filter.selectOption('');

  // Erasing asks for the reference and takes the application away.
  await page.getByRole('link', { name: app.reference, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Application ${app.reference}` })).toBeVisible(SLOW);
  const address = page.url();
  await page.getByRole('button', { name: 'Erase application' }).click();
  const dialog = page.getByRole('dialog', { name: `Erase application ${app.reference}?` });
  await expect(dialog).toBeVisible();
  const erase = dialog.getByRole('button', { name: 'Erase application and files' });
  await expect(erase).toBeDisabled();
  await dialog.getByLabel(`Type the reference ${app.reference} to confirm`).fill(app.reference);
  await erase.click();
  await expect(page.getByRole('status').filter({ hasText: `Application ${app.reference} and its documents were erased.` })).toBeVisible(SLOW);
  await search.fill(app.reference);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('No applications match these filters.')).toBeVisible(SLOW);
  await page.goto(address);
  await expect(page.getByRole('alert')).toBeVisible(SLOW);
  await expect(page.getByRole('heading', { level: 1, name: `Application ${app.reference}` })).toHaveCount(0);
});

test('revealing a national ID and downloading a document are recorded in the audit log', { tag: '@desktop-only' }, async ({ page, request, browser }, info) => {
  test.setTimeout(150_000);
  const tag = uid();
  const app = await apply(request, tag);
  const recruiter = await intoConsole(page, 'recruiter', 'recruiter');
  await openApplication(page, app.reference);

  // Reveal: masked first, the number after, said in words.
  const idSection = page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: 'National ID', exact: true }) });
  await expect(idSection.getByText(/^National ID:/)).not.toContainText('ABCPE1234K');
  await idSection.getByRole('button', { name: 'Reveal national ID' }).click();
  await expect(idSection.getByText(/^National ID:/)).toContainText('ABCPE1234K', SLOW);
  await expect(idSection.getByRole('status')).toHaveText('The number is shown to you alone, and this was recorded in the audit log.');

  // Download: an attachment, not sniffed, with the file as sent.
  const link = page.getByRole('link', { name: /^Download Resume/ });
  const href = await link.getAttribute('href');
  expect(href).toBeTruthy();
  const downloading = page.waitForEvent('download');
  await link.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const bytes = await readFile((await download.path())!);
  expect(bytes.equals(pdfFile(`cv-${tag}.pdf`, `Curriculum vitae ${tag}`).buffer)).toBe(true);
  const headers = await page.evaluate(async (url) => {
    const res = await fetch(url, { credentials: 'same-origin' });
    return { status: res.status, disposition: res.headers.get('content-disposition'), nosniff: res.headers.get('x-content-type-options') };
  }, href!);
  expect(headers.status).toBe(200);
  expect(headers.disposition).toMatch(/^attachment; filename=/);
  expect(headers.nosniff).toBe('nosniff');

  // An admin finds both in the audit log, naming the application by reference.
  const admin = await adminPage(browser, info);
  try {
    const revealed = await auditRow(admin.page, 'National id revealed', recruiter.email, app.reference);
    await expect(revealed).toContainText(`revealed the national ID number (PAN) of application ${app.reference}`);
    await expect(revealed).not.toContainText('1234');
    await auditRow(admin.page, 'Document downloaded', recruiter.email, app.reference);
  } finally {
    await admin.close();
  }
});

test('the CSV export has the header, the application, formula cells made safe and no national ID', { tag: '@desktop-only' }, async ({ page, request }) => {
  test.setTimeout(120_000);
  const tag = uid();
  const app = await apply(request, tag);
  await intoConsole(page, 'recruiter', 'recruiter');
  await openScreen(page, 'applications', 'Applications');
  await page.getByLabel('Search name, e-mail or reference').fill(app.reference);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('link', { name: app.reference, exact: true })).toBeVisible(SLOW);
  const exportLink = page.getByRole('link', { name: 'Export CSV' });
  await expect(exportLink).toHaveAttribute('href', new RegExp(`q=${app.reference}`));

  const downloading = page.waitForEvent('download');
  await exportLink.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^applications-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = (await readFile((await download.path())!)).toString('utf8');
  const lines = csv.trim().split(/\r?\n/);
  expect(lines[0]).toBe(
    'Reference,"Applied (IST, UTC+05:30)",Job,Status,First name,Middle name,Last name,E-mail,Phone,Location preference,Availability,LinkedIn,Website,Skills,Eligible to work,Willing to relocate,Heard from,Source,Suspected spam',
  );
  const rows = lines.slice(1).filter((l) => l.startsWith(`${app.reference},`));
  expect(rows).toHaveLength(1);
  const row = rows[0]!;
  // A cell a spreadsheet would run as a formula starts with an apostrophe.
  expect(row).toContain(`"'=HYPERLINK(""https://evil.example"",""open"")"`);
  expect(row).toContain(`,'+Narayanan${tag},`);
  expect(row).toContain(`'@SUM(A1:A9); Networking`);
  expect(row).toContain(app.email);
  expect(row).toContain(',new,');
  // The phone stays readable: "+91", a space, digits cannot run as a formula.
  expect(row).toContain(',+91 9876543210,');
  expect(row.replace(',+91 9876543210,', ',,')).not.toMatch(/(^|,)[=+@-]/);
  // Times are in the site's zone, as the header says.
  expect(row).toMatch(new RegExp(`^${app.reference},\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2},`));
  // The national ID number (in any form) is never exported.
  expect(csv).not.toMatch(/ABCPE1234K/i);
  expect(csv).not.toContain('PAN');
});

// --- Messages and comments -----------------------------------------------------

test('a contact message appears in Messages, opens as read, offers a reply form and archives', async ({ page }) => {
  test.setTimeout(120_000);
  const id = uid();
  const subject = `Patient portal for clinics ${id}`;
  const email = `asha-${id}@example.com`;

  // Sent with the public form; the clock moves on as a person's typing would.
  await page.clock.install();
  await openHydrated(page, '/contact-us');
  await page.getByLabel('Name', { exact: true }).fill('Asha Rao');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Subject', { exact: true }).fill(subject);
  await page.getByLabel('Message', { exact: true }).fill(`We would like to talk about a patient portal for our three clinics (${id}).`);
  await page.clock.fastForward(10_000);
  const posted = page.waitForResponse((r) => r.url().endsWith('/api/contact') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Send Message' }).click();
  expect((await posted).status()).toBe(201);
  await expect(page.getByText('Message sent successfully!')).toBeVisible();

  await intoConsole(page, 'editor', 'editor');
  await openScreen(page, 'messages', 'Messages');
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: subject }) });
  await expect(row).toHaveCount(1, SLOW);
  await expect(row.getByRole('cell').first()).toHaveText('New');
  await row.getByRole('link', { name: subject }).click();
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible(SLOW);
  await expect(page.getByText(`(${id})`)).toBeVisible();
  // Opening it marks it read.
  await expect(page.locator('dd').filter({ hasText: /^Read$/ })).toBeVisible();
  // Answered in place (console-messages.spec.ts sends one): a reply form, no mail link.
  await expect(page.getByRole('region', { name: 'Reply by e-mail' }).getByRole('button', { name: 'Send reply' })).toBeVisible();
  await expect(page.locator(`a[href^="mailto:${email}"]`)).toHaveCount(0);

  // Marked as unread, it is back in the Inbox as New.
  await page.getByRole('button', { name: 'Mark as unread' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Marked as unread.' })).toBeVisible(SLOW);
  await expect(row.getByRole('cell').first()).toHaveText('New', SLOW);
  await row.getByRole('link', { name: subject }).click();
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible(SLOW);
  await expect(page.locator('dd').filter({ hasText: /^Read$/ })).toBeVisible();

  await page.getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Archived.' })).toBeVisible(SLOW);
  await expect(page.getByRole('link', { name: 'Back to Archived' })).toBeVisible();

  await openScreen(page, 'messages', 'Messages');
  await expect(page.getByRole('heading', { level: 2, name: /^Inbox/ })).toBeVisible();
  await expect(page.getByRole('table').or(page.getByText('No messages in Inbox.'))).toBeVisible(SLOW);
  await expect(page.getByRole('link', { name: subject })).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Folders' }).getByRole('link', { name: /^Archived/ }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Archived' })).toBeVisible();
  const archived = page.getByRole('row').filter({ has: page.getByRole('link', { name: subject }) });
  await expect(archived).toHaveCount(1, SLOW);
  await expect(archived.getByRole('cell').first()).toHaveText('Archived');
});

test('a comment held for its links is approved in bulk and then shows on the post', async ({ page, request }) => {
  test.setTimeout(120_000);
  const id = uid();
  const name = `Link Sharer ${id}`;
  const text = `Useful reading ${id}: https://a.example/one https://b.example/two https://c.example/three`;
  // The oldest demo post: new posts (the blog test's) come first, and
  // blog.spec.ts comments on the newest ones.
  type List = { posts: { id: string; title: string }[]; pages: number };
  const { pages } = (await (await request.get(`${base()}/api/blogs`)).json()) as List;
  const { posts } = (await (await request.get(`${base()}/api/blogs?page=${pages}`)).json()) as List;
  const post = posts[posts.length - 1]!;

  // Posted with the public form; three links hold it for review.
  await openHydrated(page, `/blog/${post.id}`);
  const form = page.getByRole('form', { name: 'Leave a comment' });
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Email', { exact: true }).fill(`sharer-${id}@example.com`);
  await form.getByLabel('Comment', { exact: true }).fill(text);
  await form.getByRole('button', { name: 'Post Comment' }).click();
  await expect(form.getByRole('status')).toHaveText('Your comment is awaiting moderation', SLOW);
  expect(await (await request.get(`${base()}/blog/${post.id}`)).text()).not.toContain(name);

  await intoConsole(page, 'editor', 'editor');
  await openScreen(page, 'comments', 'Comments');
  await expect(page.getByRole('heading', { level: 2, name: 'Held for review' })).toBeVisible();
  const box = page.getByRole('checkbox', { name: `${name} ${post.title}` });
  await expect(box).toBeVisible(SLOW);
  await box.check();
  const actions = page.getByRole('group', { name: 'Actions on the selected comments' });
  await expect(actions).toContainText('1 comment selected');
  await actions.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('status').filter({ hasText: /approved/i })).toBeVisible(SLOW);
  await expect(page.getByRole('checkbox', { name: `${name} ${post.title}` })).toHaveCount(0, SLOW);

  await page.getByRole('navigation', { name: 'Comment status' }).getByRole('link', { name: /^Approved/ }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Approved' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: `${name} ${post.title}` })).toBeVisible(SLOW);

  // The post's page, as the server renders it and in the browser.
  expect(await (await request.get(`${base()}/blog/${post.id}`)).text()).toContain(name);
  await openHydrated(page, `/blog/${post.id}`);
  const comments = page.getByRole('region', { name: /^Comments/ });
  await expect(comments.getByRole('article', { name })).toBeVisible();
  await expect(comments.getByText(`Useful reading ${id}`)).toBeVisible();

  // Marked as spam after all, it leaves the post again.
  await page.goto(`${base()}/admin/comments?status=visible`);
  await expect(page.getByRole('heading', { level: 2, name: 'Approved' })).toBeVisible(SLOW);
  await page.getByRole('checkbox', { name: `${name} ${post.title}` }).check();
  await page.getByRole('group', { name: 'Actions on the selected comments' }).getByRole('button', { name: 'Mark as spam' }).click();
  await expect(page.getByRole('checkbox', { name: `${name} ${post.title}` })).toHaveCount(0, SLOW);
  expect(await (await request.get(`${base()}/blog/${post.id}`)).text()).not.toContain(name);
});
