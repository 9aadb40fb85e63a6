// The staff console's sign-in and sessions, end to end: accounts from the
// command line, set-up links, two-step sign-in with TOTP and recovery
// codes, signing out (here and everywhere), throttling, roles, and a
// session ending after idle time (on a second site started with a short
// --staff-idle-timeout). Every test makes its own accounts, and its
// requests come from its own client address (fixtures.ts), so tests never
// share a rate-limit bucket.
import { expect as baseExpect, type Page, type Request } from '@playwright/test';
import { setTimeout as sleep } from 'node:timers/promises';
import { clientAddressFor, test } from './fixtures';
import {
  addStaff,
  apiSignIn,
  beginResponse,
  enrolTotp,
  fillSetUp,
  freshTotp,
  navigationLabels,
  navigationOf,
  NO_ACCESS,
  openScreen,
  SESSION_ENDED,
  setUpAccount,
  SIGN_IN_FAILED,
  signIn,
  signInHere,
  signOutEverywhere,
  startSite,
  submitSignIn,
  totpAtStep,
  WRONG_CODE,
  WRONG_SETUP_CODE,
} from './admin-helpers';
import { base } from './helpers';

// Sign-in hashes passwords, which is slow on a loaded machine: assertions wait longer than the default 5 s.
const expect = baseExpect.configure({ timeout: 15_000 });

const signInHeading = (page: Page) => page.getByRole('heading', { name: 'Sign in', exact: true });
const signOutButton = (page: Page) => page.getByRole('button', { name: 'Sign out', exact: true });
const alert = (page: Page) => page.getByRole('alert');

/** Signs out with the header's button and waits for the sign-in screen. */
async function signOut(page: Page) {
  await signOutButton(page).click();
  await expect(signInHeading(page)).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('You have signed out.');
}

/** The sign-in screen says the attempt was throttled, and for how long (the window is 15 minutes). */
async function expectThrottled(page: Page) {
  await expect(alert(page)).toHaveText(/^Too many sign-in attempts\. Try again in \d+ minutes?\.$/);
  const minutes = Number(/in (\d+) minute/.exec((await alert(page).textContent()) ?? '')?.[1]);
  expect(minutes).toBeGreaterThanOrEqual(1);
  expect(minutes).toBeLessThanOrEqual(15);
}

/** Opens the navigation on a phone (where it sits behind "Menu"), so its links can be read. */
async function showNavigation(page: Page) {
  const menu = page.getByRole('button', { name: 'Menu', exact: true });
  if (await menu.isVisible()) {
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
  }
  await expect(page.getByRole('navigation', { name: 'Console' })).toBeVisible();
}

test.describe('staff console: sign-in and sessions', () => {
  // Password hashing and several screens per test on a shared 2-core machine.
  test.describe.configure({ timeout: 120_000 });

  test('the first admin sets up their account from the command line link, with two-step sign-in', async ({ page }) => {
    const { account, link } = addStaff('admin', 'first-admin');
    await fillSetUp(page, link, account);

    // A mistyped confirmation is caught and nothing is sent.
    await page.getByLabel('Confirm password').fill(`${account.password}x`);
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect(page.getByText('The two passwords are not the same. Type the same password in both fields.')).toBeVisible();
    await page.getByLabel('Confirm password').fill(account.password);

    const begin = beginResponse(page);
    await page.getByRole('button', { name: 'Set password' }).click();
    // Admins must set up two-step sign-in before anything else.
    await expect(page.getByRole('heading', { name: 'Set up two-step sign-in' })).toBeVisible();
    await expect(page.getByText('Administrators must sign in with two steps.')).toBeVisible();
    await expect(page.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Console' })).toHaveCount(0);
    const me = await page.request.get(`${base()}/api/admin/staff`);
    expect(me.status(), 'an admin without two-step sign-in may not use the console API').toBe(403);

    // A wrong code is refused with words, and the form stays.
    const { secret } = await begin;
    await page.getByLabel('Authentication code').fill(totpAtStep(secret, Math.floor(Date.now() / 30_000) + 20));
    await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
    await expect(alert(page)).toHaveText(WRONG_SETUP_CODE);

    await enrolTotp(page, account, begin);
    expect(account.recoveryCodes?.length).toBeGreaterThanOrEqual(8);
    expect(new Set(account.recoveryCodes).size).toBe(account.recoveryCodes!.length);

    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await showNavigation(page);
    expect(await navigationLabels(page)).toEqual([...navigationOf.admin]);

    // The link works once.
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'This set-up link does not work' })).toBeVisible();
    await expect(alert(page)).toHaveText('This set-up link is invalid or has expired.');
  });

  test('an admin signs in with a TOTP code; a code already used and a wrong code are refused @desktop-only', async ({ page }) => {
    const { account, link } = addStaff('admin', 'totp-admin');
    await setUpAccount(page, link, account);
    await signOut(page);

    const code = await freshTotp(account);
    await submitSignIn(page, account, code);
    await expect(signOutButton(page)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await signOut(page);

    // The same code again: its step is used.
    await submitSignIn(page, account, code);
    await expect(alert(page)).toHaveText(WRONG_CODE);
    await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
    // A code of no current step.
    await page.getByLabel('Authentication code').fill(totpAtStep(account.secret!, Math.floor(Date.now() / 30_000) + 40));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(alert(page)).toHaveText(WRONG_CODE);
    await expect(signOutButton(page)).toHaveCount(0);
  });

  test('a recovery code signs in once, and not twice @desktop-only', async ({ page }) => {
    const { account, link } = addStaff('admin', 'recovery-admin');
    await setUpAccount(page, link, account);
    await signOut(page);
    const [first, second] = account.recoveryCodes!;

    await submitSignIn(page, account, first);
    await expect(signOutButton(page)).toBeVisible();
    await signOut(page);

    await submitSignIn(page, account, first);
    await expect(alert(page)).toHaveText(WRONG_CODE);
    await expect(signOutButton(page)).toHaveCount(0);

    // Another code still works, however it is typed (upper case, no dashes).
    await page.getByRole('button', { name: 'Use another account' }).click();
    await submitSignIn(page, account, second!.toUpperCase().replace(/-/g, ''));
    await expect(signOutButton(page)).toBeVisible();
  });

  test('an unknown e-mail address and a wrong password get the same answer @desktop-only', async ({ page }) => {
    const { account, link } = addStaff('editor', 'same-answer');
    await setUpAccount(page, link, account);
    await signOut(page);

    const unknown = { ...account, email: `nobody-${account.email}` };
    await submitSignIn(page, unknown);
    await expect(alert(page)).toHaveText(SIGN_IN_FAILED);
    // What was typed stays.
    await expect(page.getByLabel('E-mail')).toHaveValue(unknown.email);

    await submitSignIn(page, { ...account, password: `${account.password}!` });
    await expect(alert(page)).toHaveText(SIGN_IN_FAILED);
    await expect(signOutButton(page)).toHaveCount(0);

    // The API says the same in both cases: same status, same body.
    const a = await apiSignIn(page.request, { email: unknown.email, password: account.password });
    const b = await apiSignIn(page.request, { email: account.email, password: `${account.password}!` });
    expect(a.status).toBe(401);
    expect(b).toEqual(a);
    expect(a.body.error?.message).toBe(SIGN_IN_FAILED);

    await signInHere(page, account);
  });

  test('signing out ends the session: back and reload show the sign-in screen @desktop-only', async ({ page, context }) => {
    const { account, link } = addStaff('editor', 'sign-out');
    await setUpAccount(page, link, account);
    await openScreen(page, 'Blog');
    await expect(page.getByRole('heading', { name: 'Blog', level: 1 })).toBeVisible();

    await signOut(page);
    expect((await context.cookies()).filter((c) => c.name.includes('staff'))).toEqual([]);
    expect((await page.request.get(`${base()}/api/admin/me`)).status()).toBe(401);

    await page.goBack();
    await expect(signInHeading(page)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Blog', level: 1 })).toHaveCount(0);
    await page.reload();
    await expect(signInHeading(page)).toBeVisible();
    await expect(signOutButton(page)).toHaveCount(0);
  });

  test('signing out everywhere ends the session in another browser, which signs in again on the same screen', async ({
    page,
    browser,
  }, info) => {
    const { account, link } = addStaff('editor', 'everywhere');
    await setUpAccount(page, link, account);
    await openScreen(page, 'Blog');
    await expect(page.getByRole('heading', { name: 'Blog', level: 1 })).toBeVisible();

    const other = await browser.newContext({
      viewport: info.project.use.viewport,
      hasTouch: info.project.use.hasTouch,
      extraHTTPHeaders: { 'X-Forwarded-For': clientAddressFor(info, 'second browser') },
    });
    try {
      const second = await other.newPage();
      await signIn(second, account, '/admin/comments');
      await expect(second.getByRole('heading', { name: 'Comments', level: 1 })).toBeVisible();
      await signOutEverywhere(second);
      await expect(signInHeading(second)).toBeVisible();
      await expect(second.getByRole('status')).toHaveText('You have signed out on every device.');
    } finally {
      await other.close();
    }

    // The first browser finds out at its next request, and says why.
    await openScreen(page, 'Messages');
    await expect(signInHeading(page)).toBeVisible();
    await expect(page.getByRole('status')).toHaveText(SESSION_ENDED);
    await expect(page).toHaveURL(/\/admin\/messages$/);
    await signInHere(page, account);
    await expect(page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/messages$/);
  });

  test('ten sign-in attempts for one account are allowed in 15 minutes, then even the right password waits @desktop-only', async ({
    page,
  }) => {
    const { account, link } = addStaff('editor', 'throttled');
    await setUpAccount(page, link, account);
    await signOut(page);

    for (let i = 0; i < 10; i++) {
      const res = await apiSignIn(page.request, { email: account.email, password: `wrong ${i} ${account.password}` });
      expect(res.status, `attempt ${i + 1}`).toBe(401);
    }
    await submitSignIn(page, account);
    await expectThrottled(page);
    await expect(signOutButton(page)).toHaveCount(0);
    const refused = await page.request.post(`${base()}/api/admin/login`, {
      data: { email: account.email, password: account.password },
      headers: { Origin: base() },
    });
    expect(refused.status()).toBe(429);
    expect(Number(refused.headers()['retry-after'])).toBeGreaterThan(0);

    // Other accounts from the same browser are not held back.
    const { account: colleague, link: colleagueLink } = addStaff('editor', 'colleague');
    await fillSetUp(page, colleagueLink, colleague);
    await page.getByRole('button', { name: 'Set password' }).click();
    await signOut(page);
    await signInHere(page, colleague);
  });

  test('thirty sign-in attempts from one client are allowed in 15 minutes @desktop-only', async ({ page, playwright }, info) => {
    const { account, link } = addStaff('editor', 'busy-client');
    await setUpAccount(page, link, account);
    await signOut(page);

    for (let i = 0; i < 30; i++) {
      const res = await apiSignIn(page.request, { email: `guess-${i}-${account.email}`, password: account.password });
      expect(res.status, `attempt ${i + 1}`).toBe(401);
    }
    await submitSignIn(page, account);
    await expectThrottled(page);

    // The same account from another client signs in.
    const elsewhere = await playwright.request.newContext({
      extraHTTPHeaders: { 'X-Forwarded-For': clientAddressFor(info, 'another client') },
    });
    try {
      const res = await apiSignIn(elsewhere, { email: account.email, password: account.password });
      expect(res.status).toBe(200);
    } finally {
      await elsewhere.dispose();
    }
  });

  test('a recruiter sees their navigation only and is refused the blog and audit screens @desktop-only', async ({ page }) => {
    const { account, link } = addStaff('recruiter', 'recruiter');
    await setUpAccount(page, link, account);
    expect(await navigationLabels(page)).toEqual([...navigationOf.recruiter]);

    for (const path of ['/admin/blog', '/admin/blog/new', '/admin/audit']) {
      await page.goto(`${base()}${path}`);
      await expect(page.getByRole('heading', { name: NO_ACCESS, level: 1 })).toBeVisible();
      await expect(page.getByRole('heading', { name: /^(Blog|New post|Audit log)$/ })).toHaveCount(0);
    }
    for (const api of ['/api/admin/posts', '/api/admin/audit']) {
      expect((await page.request.get(`${base()}${api}`)).status(), api).toBe(403);
    }
    // What the role includes opens.
    await openScreen(page, 'Jobs');
    await expect(page.getByRole('heading', { name: 'Jobs', level: 1 })).toBeVisible();
  });

  test('an editor sees their navigation only and is refused the other screens @desktop-only', async ({ page }) => {
    const { account, link } = addStaff('editor', 'editor');
    await setUpAccount(page, link, account);
    expect(await navigationLabels(page)).toEqual([...navigationOf.editor]);

    for (const path of ['/admin/jobs', '/admin/applications', '/admin/mail', '/admin/audit', '/admin/staff']) {
      await page.goto(`${base()}${path}`);
      await expect(page.getByRole('heading', { name: NO_ACCESS, level: 1 }), path).toBeVisible();
    }
    for (const api of ['/api/admin/jobs', '/api/admin/applications', '/api/admin/staff']) {
      expect((await page.request.get(`${base()}${api}`)).status(), api).toBe(403);
    }
    await openScreen(page, 'Blog');
    await expect(page.getByRole('heading', { name: 'Blog', level: 1 })).toBeVisible();
  });

  test('an unused session ends after the idle time, a used one lasts, and signing in returns to the screen @desktop-only', async ({
    page,
  }) => {
    // The idle limit is 30 minutes; this site is started with a short one.
    const idleMs = 12_000;
    const other = await startSite(['--staff-idle-timeout', `${idleMs / 1000}s`]);
    try {
      const { account, link } = addStaff('editor', 'idle', other);
      // When the page last used the session: the end of its last staff API
      // request, and how many are under way (a screen may ask for more after
      // its heading shows).
      let lastRequest = Date.now();
      let underWay = 0;
      const isApi = (url: string) => new URL(url).pathname.startsWith('/api/admin/');
      page.on('request', (r) => {
        if (isApi(r.url())) underWay++;
      });
      const ended = (r: Request) => {
        if (!isApi(r.url())) return;
        underWay--;
        lastRequest = Date.now();
      };
      page.on('requestfinished', ended);
      page.on('requestfailed', ended);
      /** Waits until the session has been unused for ms (time passing is what is tested here). */
      async function unusedFor(ms: number) {
        for (;;) {
          const seen = lastRequest;
          await sleep(Math.max(0, seen + ms - Date.now()));
          if (underWay === 0 && lastRequest === seen) return;
          if (underWay > 0) await expect.poll(() => underWay, { timeout: 30_000 }).toBe(0);
        }
      }

      await setUpAccount(page, link, account);
      const me = (await (await page.request.get(`${other.baseURL}/api/admin/me`)).json()) as {
        idleTimeoutSeconds: number;
        expiresAt: string;
      };
      lastRequest = Date.now();
      expect(me.idleTimeoutSeconds).toBe(idleMs / 1000);
      // The absolute end stays 12 hours after sign-in (the Go tests check it with a fake clock).
      const hours = (Date.parse(me.expiresAt) - Date.now()) / 3_600_000;
      expect(hours).toBeGreaterThan(11.9);
      expect(hours).toBeLessThanOrEqual(12);

      // In use for longer than the idle limit: each request keeps it alive.
      const started = Date.now();
      for (const label of ['Blog', 'Messages', 'Comments', 'Blog', 'Messages']) {
        // A third of the idle limit between uses.
        await unusedFor(idleMs / 3);
        await openScreen(page, label);
        await expect(page.getByRole('heading', { name: label, level: 1 })).toBeVisible();
      }
      expect(Date.now() - started).toBeGreaterThan(idleMs);

      // Then unused for longer than the limit.
      await unusedFor(idleMs + 1_500);
      await openScreen(page, 'Comments');
      await expect(signInHeading(page)).toBeVisible();
      await expect(page.getByRole('status')).toHaveText(SESSION_ENDED);
      await expect(page).toHaveURL(`${other.baseURL}/admin/comments`);
      await signInHere(page, account);
      await expect(page.getByRole('heading', { name: 'Comments', level: 1 })).toBeVisible();
    } finally {
      await other.stop();
    }
  });
});
