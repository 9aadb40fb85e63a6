import { expect, type Browser, type Page, type TestInfo } from '@playwright/test';
import { axe, intoConsole } from './admin-helpers';
import { pdfFile, pngFile } from './files';
import { clientAddressFor, test } from './fixtures';
import { base, emailFor, inAMonth, openHydrated, openJobs } from './helpers';

// What a visitor does in the seconds between a page's first paint and its
// script taking over (several seconds on a budget phone; autofill does it
// at once). Each test opens a page on a phone-speed CPU (4× slower) and a
// slow network, and holds the page's modules back until it has typed,
// chosen, checked, attached or tapped, so all of it happens before the app
// starts, every time; then it lets the app start and checks that nothing
// was lost and that it reaches the server. The form typed into at once
// after an earlier application, and its confirmations, are checked by axe
// at 390 and 1280 px.

/** Opens path as a slow phone would and holds its script back; the returned function lets it start and waits until it has. */
async function openBeforeScript(page: Page, path: string): Promise<() => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  // About a fast 3G connection: 150 ms round trips, 1.6 Mbit/s down, 750 kbit/s up.
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 94_000 });
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  // The modules are added after the first paint and would hold up the load event: wait for the document only.
  await page.goto(`${base()}${path}`, { waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => performance.getEntriesByType('paint').length > 0);
  await expect(page.locator('html[data-hydrated]')).toHaveCount(0);
  return async () => {
    release();
    await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1, { timeout: 20_000 });
    // Chromium drops the files of a multipart body sent while requests are intercepted.
    await page.unrouteAll({ behavior: 'wait' });
  };
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** axe's findings on page (admin-helpers' axe), checked at the CPU's full speed, then the phone's 4× slower CPU again. */
async function axeAtFullSpeed(page: Page, what: string): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  try {
    return await axe(page, what);
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.detach();
  }
}

/** The field values of this job's draft on the device, or null when it has none. */
function savedDraft(page: Page, jobId: string): Promise<Record<string, unknown> | null> {
  return page.evaluate(
    (id) =>
      new Promise<Record<string, unknown> | null>((ok) => {
        const open = indexedDB.open('application-drafts');
        open.onerror = () => ok(null);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('drafts')) return ok(null);
          const get = db.transaction('drafts').objectStore('drafts').get(id);
          get.onsuccess = () => ok((get.result as { values?: Record<string, unknown> } | undefined)?.values ?? null);
          get.onerror = () => ok(null);
        };
      }),
    jobId,
  );
}

interface Stored {
  firstName: string;
  fullName: string;
  linkedin: string;
  phone: string;
  address: string;
  eligibleToWork: boolean;
  nationalIdType: string;
  workExperiences: { jobTitle: string; companyName: string; startDate: string }[];
  documents: { id: string; fileName: string }[];
}

/** The application stored for email, as a recruiter sees it in the console (suspected spam included). */
async function storedApplication(browser: Browser, info: TestInfo, email: string): Promise<Stored | null> {
  const context = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': clientAddressFor(info, 'recruiter') } });
  try {
    const page = await context.newPage();
    await intoConsole(page, 'recruiter', 'early input reader');
    for (const spam of ['', '&spam=1']) {
      const list = (await (await page.request.get(`${base()}/api/admin/applications?q=${encodeURIComponent(email)}${spam}`)).json()) as { rows: { id: string }[] };
      const row = list.rows[0];
      if (row) return (await (await page.request.get(`${base()}/api/admin/applications/${row.id}`)).json()) as Stored;
    }
    return null;
  } finally {
    await context.close();
  }
}

/** Fills a whole application in a hydrated form (the names too, unless skipNames). */
async function fillAll(page: Page, a: { first?: string; full?: string; email: string; skipNames?: boolean }) {
  if (!a.skipNames) {
    await field(page, 'First Name').fill(a.first!);
    await field(page, 'Full Name').fill(a.full!);
  }
  await field(page, 'Last Name').fill('Verma');
  await field(page, 'Email').fill(a.email);
  await field(page, 'Phone Number').fill('098765 43210');
  await field(page, 'Address').fill('3 Hill Road, Begumpet, Hyderabad');
  await field(page, 'LinkedIn').fill('linkedin.com/in/nisha-verma');
  await field(page, 'Availability Date').fill(inAMonth());
  await field(page, 'How did you hear about us?').selectOption('Referral');
  await field(page, 'National ID Type').selectOption('PAN');
  await field(page, 'National ID Number').fill('abcpv1234k');
  await field(page, 'Resume').setInputFiles(pdfFile('nisha-cv.pdf'));
  await field(page, 'National ID Document').setInputFiles(pngFile('pan.png'));
  await field(page, 'I agree that my application is used as described above.').check();
}

test.describe('before the script takes over', () => {
  // A phone-speed CPU and network: a page takes several seconds to be ready.
  test.describe.configure({ timeout: 60_000 });

  test('the application form keeps every kind of field filled before the app starts, and sends it', async ({ page, browser }, info) => {
    const [job] = await openJobs(page.request);
    const email = emailFor(info);
    const ready = await openBeforeScript(page, `/apply/${job!.id}`);
    await field(page, 'First Name').pressSequentially('Meera');
    await field(page, 'Last Name').fill('Iyer');
    await field(page, 'Full Name').fill('Meera Iyer');
    await field(page, 'Email').fill(email);
    await field(page, 'Country Code').selectOption('US');
    await field(page, 'Phone Number').fill('98a-76 54(32)10');
    await field(page, 'Address').fill('12 Lake Road, Kondapur, Hyderabad');
    await field(page, 'Availability Date').fill(inAMonth());
    await field(page, 'Job Title').fill('Support Engineer');
    await field(page, 'Company Name').fill('First entry');
    await field(page, 'Start Date').fill('2021-06-01');
    await field(page, 'How did you hear about us?').selectOption('Company Website');
    await field(page, 'Eligible to work').check();
    await field(page, 'National ID Type').selectOption('PAN');
    await field(page, 'National ID Number').fill('abcpe1234k');
    await field(page, 'Resume').setInputFiles(pdfFile('meera-cv.pdf'));
    await field(page, 'National ID Document').setInputFiles(pngFile('pan.png'));
    await field(page, 'I agree that my application is used as described above.').check();
    await ready();

    // Past the app's first renders and the draft's first save, everything is still there.
    await expect.poll(() => savedDraft(page, job!.id).then((d) => d?.fullName), { timeout: 10_000 }).toBe('Meera Iyer');
    await expect(field(page, 'First Name')).toHaveValue('Meera');
    await expect(field(page, 'Full Name')).toHaveValue('Meera Iyer');
    await expect(field(page, 'Country Code')).toHaveValue('US');
    await expect(field(page, 'Phone Number')).toHaveValue('9876543210');
    await expect(field(page, 'Address')).toHaveValue('12 Lake Road, Kondapur, Hyderabad');
    await expect(field(page, 'Company Name')).toHaveValue('First entry');
    await expect(field(page, 'Start Date')).toHaveValue('2021-06-01');
    await expect(field(page, 'Eligible to work')).toBeChecked();
    await expect(field(page, 'National ID Type')).toHaveValue('PAN');
    await expect(page.getByText('meera-cv.pdf')).toBeVisible();
    await expect(page.getByText('pan.png')).toBeVisible();

    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Application submitted successfully!' })).toBeVisible({ timeout: 20_000 });
    await expect(page).toHaveURL(`${base()}/jobs`);

    const stored = await storedApplication(browser, info, email);
    expect(stored).toMatchObject({
      firstName: 'Meera',
      fullName: 'Meera Iyer',
      address: '12 Lake Road, Kondapur, Hyderabad',
      eligibleToWork: true,
      nationalIdType: 'PAN',
      workExperiences: [{ jobTitle: 'Support Engineer', companyName: 'First entry', startDate: '2021-06-01' }],
    });
    expect(stored!.phone.replace(/\D/g, '')).toBe('19876543210');
    expect(stored!.documents.map((d) => d.id)).toEqual(['resume', 'national-id']);
  });

  test('after an application sent from this browser, a form typed into at once keeps what was typed, on another job and the same one', async ({
    page,
    browser,
  }, info) => {
    test.setTimeout(120_000);
    const [first, second] = await openJobs(page.request);
    const email = emailFor(info);
    // A whole application, sent and confirmed, as an applicant does it.
    await openHydrated(page, `/apply/${first!.id}`);
    await fillAll(page, { first: 'Nisha', full: 'Nisha Verma', email });
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Application submitted successfully!' })).toBeFocused({ timeout: 20_000 });
    await expect(page).toHaveURL(`${base()}/jobs`);

    const found = await axe(page, 'the confirmation');

    // Then another job's form, and the same job's again, typed into (or autofilled) the moment they are painted.
    for (const job of [second!, first!]) {
      const ready = await openBeforeScript(page, `/apply/${job.id}`);
      await field(page, 'First Name').pressSequentially('Nisha');
      await field(page, 'Full Name').fill('Nisha Verma');
      await ready();
      // Past the draft's look-up and first save, nothing typed was replaced or reset.
      await expect.poll(() => savedDraft(page, job.id).then((d) => d?.fullName), { timeout: 10_000 }).toBe('Nisha Verma');
      await expect(field(page, 'First Name')).toHaveValue('Nisha');
      await expect(field(page, 'Full Name')).toHaveValue('Nisha Verma');
      await expect(page.getByText('We restored your draft from this device.')).toHaveCount(0);
      found.push(...(await axeAtFullSpeed(page, `the form of ${job.id} after typing at once`)));
    }

    // And it is sent as typed: the same job again, so it updates the first application.
    await fillAll(page, { email, skipNames: true });
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Application submitted successfully!' })).toBeVisible({ timeout: 20_000 });
    await expect(page).toHaveURL(`${base()}/jobs`);
    await expect(page.getByText('It replaces the application you sent earlier')).toBeVisible();
    found.push(...(await axeAtFullSpeed(page, 'the confirmation of the replacement')));
    const stored = await storedApplication(browser, info, email);
    expect(stored).toMatchObject({ firstName: 'Nisha', fullName: 'Nisha Verma', linkedin: 'https://linkedin.com/in/nisha-verma' });
    expect(found).toEqual([]);
  });

  test('a draft typed before the app starts survives a reload', async ({ page }) => {
    const [, job] = await openJobs(page.request);
    const ready = await openBeforeScript(page, `/apply/${job!.id}`);
    await field(page, 'Full Name').pressSequentially('Arjun Rao');
    await field(page, 'Responsibilities').fill('Ran the support desk');
    await ready();
    await expect.poll(() => savedDraft(page, job!.id).then((d) => d?.fullName), { timeout: 10_000 }).toBe('Arjun Rao');

    await page.reload();
    await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1, { timeout: 20_000 });
    await expect(page.getByText('We restored your draft from this device.')).toBeVisible();
    await expect(field(page, 'Full Name')).toHaveValue('Arjun Rao');
    await expect(field(page, 'Responsibilities')).toHaveValue('Ran the support desk');
  });

  test('a saved draft is offered, not put over what was typed before the app started', async ({ page }) => {
    const jobs = await openJobs(page.request);
    const job = jobs[2]!;
    await openHydrated(page, `/apply/${job.id}`);
    await field(page, 'First Name').fill('Kavya');
    await field(page, 'Last Name').fill('Menon');
    await expect.poll(() => savedDraft(page, job.id).then((d) => d?.lastName), { timeout: 10_000 }).toBe('Menon');

    const ready = await openBeforeScript(page, `/apply/${job.id}`);
    await field(page, 'First Name').fill('Divya');
    await ready();
    await expect(page.getByText('A draft of this application from an earlier visit is saved on this device.')).toBeVisible();
    await expect(field(page, 'First Name')).toHaveValue('Divya');
    await expect(field(page, 'Last Name')).toHaveValue('');
    await expect.poll(() => savedDraft(page, job.id).then((d) => d?.firstName), { timeout: 10_000 }).toBe('Divya');

    await page.getByRole('button', { name: 'Restore the draft' }).click();
    await expect(field(page, 'First Name')).toHaveValue('Kavya');
    await expect(field(page, 'Last Name')).toHaveValue('Menon');
    await expect(page.getByText('We restored your draft from this device.')).toBeVisible();
  });

  test('a contact message typed and sent before the app starts is sent once it has', async ({ page }, info) => {
    const ready = await openBeforeScript(page, '/contact-us');
    const form = page.getByRole('form', { name: 'Send us a message' });
    await form.getByLabel('Name', { exact: true }).pressSequentially('Farah Khan');
    await form.getByLabel('E-mail', { exact: true }).fill(emailFor(info));
    await form.getByLabel('Subject', { exact: true }).fill('A billing portal');
    await form.getByLabel('Message', { exact: true }).fill('We would like a quote for a customer billing portal with payments.');
    const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/contact'));
    await form.getByRole('button', { name: 'Send Message' }).click();
    await ready();
    const body = (await sent).postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({ name: 'Farah Khan', email: emailFor(info), subject: 'A billing portal' });
    await expect(form.getByRole('status')).toHaveText('Message sent successfully!', { timeout: 20_000 });
    expect(new URL(page.url()).search).toBe('');
  });

  test('a comment typed before the app starts reaches the server', async ({ page }, info) => {
    const blogs = (await (await page.request.get(`${base()}/api/blogs`)).json()) as { posts: { id: string }[] };
    const post = blogs.posts[0]!;
    const ready = await openBeforeScript(page, `/blog/${post.id}`);
    const form = page.getByRole('form', { name: 'Leave a comment' });
    await form.getByLabel('Name', { exact: false }).first().pressSequentially('Ravi Teja');
    await form.getByLabel('Email', { exact: false }).first().fill(emailFor(info));
    await form.getByLabel('Comment', { exact: false }).first().fill('Clear write-up of how the migration was planned, thank you.');
    await ready();
    await expect(form.getByLabel('Name', { exact: false }).first()).toHaveValue('Ravi Teja');
    const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith(`/api/blogs/${post.id}/comments`));
    await form.getByRole('button', { name: 'Post Comment' }).click();
    expect((await sent).postDataJSON()).toMatchObject({ name: 'Ravi Teja', email: emailFor(info) });
    await expect(form.getByRole('status').filter({ hasText: /posted|moderation/ })).toBeVisible({ timeout: 20_000 });
  });

  test('keywords typed into the job search before the app starts search', async ({ page }) => {
    const ready = await openBeforeScript(page, '/jobs');
    await page.getByLabel('Search jobs', { exact: true }).pressSequentially('engineer');
    await ready();
    await expect(page.getByLabel('Search jobs', { exact: true })).toHaveValue('engineer');
    await expect(page).toHaveURL(/[?&]q=engineer/);
  });

  test('the phone menu tapped before the app starts opens, and its links work @phone-only', async ({ page }) => {
    const ready = await openBeforeScript(page, '/');
    await page.getByRole('button', { name: 'Menu' }).tap();
    await ready();
    const menu = page.getByRole('dialog');
    await expect(menu).toBeVisible();
    await menu.getByRole('link', { name: 'About', exact: true }).tap();
    await expect(page).toHaveURL(`${base()}/about`);
    await expect(menu).toBeHidden();
  });
});
