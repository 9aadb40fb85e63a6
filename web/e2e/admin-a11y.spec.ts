// The staff console's accessibility: axe finds nothing on any console
// screen at 1280 px (the same rules as the public pages' a11y.spec.ts),
// and at 390 px every screen is usable: no sideways scrolling of the page,
// the navigation behind "Menu", and the keyboard reaching the skip link
// first.
import type { Page } from '@playwright/test';
import { test } from './fixtures';
import {
  addStaff,
  axe,
  beginResponse,
  enrolTotp,
  expect,
  fillSetUp,
  freshTotp,
  navigationOf,
  NO_ACCESS,
  openByAddress,
  sendApplication,
  settled,
  setUpAccount,
  shownSecret,
  totpAtStep,
  WRONG_SETUP_CODE,
} from './admin-helpers';
import { pdfFile, pngFile } from './files';
import { base, openJobs } from './helpers';

/** The console's screens an admin opens, by path under /admin/, with their main heading. */
const consoleScreens: readonly { path: string; heading: string }[] = [
  { path: '', heading: 'Dashboard' },
  { path: 'jobs', heading: 'Jobs' },
  { path: 'jobs/new', heading: 'New job' },
  { path: 'job-lists', heading: 'Locations and departments' },
  { path: 'blog', heading: 'Blog' },
  { path: 'blog/new', heading: 'New post' },
  { path: 'applications', heading: 'Applications' },
  { path: 'job-alerts', heading: 'Job alerts' },
  { path: 'candidate-emails', heading: 'Candidate e-mails' },
  { path: 'messages', heading: 'Messages' },
  { path: 'comments', heading: 'Comments' },
  { path: 'speed', heading: 'Real-user speed (last 28 days)' },
  { path: 'mail', heading: 'Mail' },
  { path: 'audit', heading: 'Audit log' },
  { path: 'staff', heading: 'Staff' },
  { path: 'account', heading: 'Your account' },
  { path: 'no-such-screen', heading: 'Page not found' },
];

/** Sends an application for the first open job through the public API, as the form does; returns its reference. */
async function apply(page: Page, email: string): Promise<string> {
  const [job] = await openJobs(page.request);
  const { reference } = await sendApplication(
    page.request,
    job!.id,
    { firstName: 'Ravi', lastName: 'Kumar', fullName: 'Ravi Kumar', email, address: '7 Station Road, Hyderabad' },
    { resume: pdfFile('ravi-kumar-cv.pdf'), nationalIdDocument: pngFile('pan-card.png') },
  );
  return reference;
}

/**
 * How far the page is wider than the window (0 when it does not scroll
 * sideways), and when it is, the innermost elements that reach past the
 * window's right edge, so that a failure says what to fix.
 */
async function overflow(page: Page): Promise<string> {
  return page.evaluate(() => {
    const wide = document.scrollingElement!.scrollWidth - window.innerWidth;
    if (wide <= 0) return '';
    const past = Array.from(document.querySelectorAll<HTMLElement>('body *')).filter(
      (el) => el.getBoundingClientRect().right > window.innerWidth + 0.5,
    );
    const innermost = past.filter((el) => !past.some((other) => other !== el && el.contains(other)));
    const named = innermost.slice(0, 3).map((el) => {
      const text = (el.textContent ?? '').trim().slice(0, 40);
      return `<${el.tagName.toLowerCase()}${el.className ? ` class="${String(el.className).slice(0, 60)}"` : ''}>${text}`;
    });
    return `${wide} px wider than the window (${named.join('; ')})`;
  });
}

/** The accessible name of the focused element, roughly: its text or label. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return '';
    if (el.id && el.tagName === 'MAIN') return `main#${el.id}`;
    const label = el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : null;
    return (label ?? el.getAttribute('aria-label') ?? el.textContent ?? '').trim();
  });
}

test.describe('staff console accessibility at 1280 px @desktop-only', () => {
  // A dozen screens and axe runs per test on a shared 2-core machine.
  test.describe.configure({ timeout: 180_000 });

  test('sign-in, set-up, two-step set-up and recovery codes have no axe violations', async ({ page }) => {
    const found: string[] = [];

    await page.goto(`${base()}/admin/`);
    await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();
    found.push(...(await axe(page, 'sign-in')));

    const { account, link } = addStaff('admin', 'axe-setup');
    await fillSetUp(page, link, account);
    await page.getByLabel('Confirm password').fill('not the same');
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect(page.getByText('The two passwords are not the same.')).toBeVisible();
    found.push(...(await axe(page, 'set-up, with a field error')));
    await page.getByLabel('Confirm password').fill(account.password);

    const begin = beginResponse(page);
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect(page.getByText(shownSecret((await begin).secret))).toBeVisible();
    found.push(...(await axe(page, 'two-step set-up')));

    // The recovery codes screen: stop on it to check it, then go on as enrolTotp does.
    const secret = (await begin).secret;
    await page.getByLabel('Authentication code').fill(totpAtStep(secret, Math.floor(Date.now() / 30_000) + 20));
    await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
    await expect(page.getByRole('alert')).toHaveText(WRONG_SETUP_CODE);
    found.push(...(await axe(page, 'two-step set-up, wrong code')));
    const codes = page.waitForResponse((r) => r.url().endsWith('/api/admin/totp/confirm') && r.status() === 200);
    const step = Math.floor(Date.now() / 30_000);
    await page.getByLabel('Authentication code').fill(totpAtStep(secret, step));
    await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
    await codes;
    account.secret = secret;
    account.lastStep = step;
    await expect(page.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
    found.push(...(await axe(page, 'recovery codes')));
    await page.getByLabel('I have saved these codes').check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(page.getByRole('status')).toHaveText('You have signed out.');
    found.push(...(await axe(page, 'sign-in, signed out')));
    await page.getByLabel('E-mail').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill('not the password at all');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('E-mail or password is incorrect.');
    found.push(...(await axe(page, 'sign-in, wrong password')));
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
    found.push(...(await axe(page, 'sign-in, second step')));
    await page.getByLabel('Authentication code').fill(await freshTotp(account));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'This set-up link does not work' })).toBeVisible();
    found.push(...(await axe(page, 'used set-up link')));

    expect(found).toEqual([]);
  });

  test('every console screen an admin opens has no axe violations', async ({ page }) => {
    const { account, link } = addStaff('admin', 'axe-console');
    await setUpAccount(page, link, account);
    const found: string[] = [];
    for (const { path, heading } of consoleScreens) {
      await openByAddress(page, path, heading);
      found.push(...(await axe(page, `/admin/${path}`)));
    }

    // A form with the server's field errors.
    await openByAddress(page, 'jobs/new', 'New job');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByRole('alert').first()).toBeVisible();
    found.push(...(await axe(page, '/admin/jobs/new, saved empty')));
    // An application, sent as the public form sends one (the flows tests look at it closely).
    const reference = await apply(page, `axe-${account.email}`);
    await openByAddress(page, 'applications', 'Applications');
    await page.getByRole('link', { name: reference }).click();
    await expect(page.getByRole('heading', { name: `Application ${reference}`, level: 1 })).toBeVisible();
    await settled(page);
    found.push(...(await axe(page, '/admin/applications/:id')));

    expect(found).toEqual([]);
  });

  test('a screen the role may not open has no axe violations', async ({ page }) => {
    const { account, link } = addStaff('editor', 'axe-editor');
    await setUpAccount(page, link, account);
    await openByAddress(page, 'staff', NO_ACCESS);
    expect(await axe(page, 'no access')).toEqual([]);
  });
});

test.describe('staff console at 390 px @phone-only', () => {
  test.describe.configure({ timeout: 180_000 });

  test('sign-in and set-up screens fit the phone', async ({ page }) => {
    const { account, link } = addStaff('admin', 'phone-setup');
    await page.goto(`${base()}/admin/`);
    await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();
    expect(await overflow(page), 'sign-in').toBe('');
    await page.keyboard.press('Tab');
    expect(await focused(page), 'sign-in: first Tab').toBe('E-mail');

    await fillSetUp(page, link, account);
    expect(await overflow(page), 'set-up').toBe('');
    const begin = beginResponse(page);
    await page.getByRole('button', { name: 'Set password' }).click();
    const { secret } = await begin;
    await expect(page.getByText(shownSecret(secret))).toBeVisible();
    expect(await overflow(page), 'two-step set-up').toBe('');
    // The secret is for typing: it stays inside the window.
    const key = await page.getByText(shownSecret(secret)).boundingBox();
    expect(key!.x + key!.width).toBeLessThanOrEqual(390);
    // An admin made to set it up can still sign out (and sees nothing else).
    await expect(page.getByRole('button', { name: 'Sign out', exact: true })).toBeInViewport();

    await enrolTotp(page, account, begin);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  });

  test('every console screen fits the phone, with the navigation behind "Menu" and the skip link first', async ({ page }) => {
    const { account, link } = addStaff('admin', 'phone-console');
    await setUpAccount(page, link, account);

    // The header's controls (every button and the account link) sit on one row, inside the window.
    const header = page.getByRole('banner');
    await expect(header.getByRole('button', { name: 'Menu', exact: true })).toBeVisible();
    const controls = [...(await header.getByRole('button').all()), header.getByRole('link', { name: 'Account', exact: true })];
    const boxes: { name: string; x: number; y: number; width: number }[] = [];
    for (const c of controls) {
      const box = await c.boundingBox();
      if (box) boxes.push({ name: (await c.textContent())!.trim(), ...box });
    }
    expect(boxes.map((b) => b.name).sort()).toEqual(['Account', 'Menu', 'Sign out']);
    for (const b of boxes) {
      expect(b.x, b.name).toBeGreaterThanOrEqual(0);
      expect(b.x + b.width, b.name).toBeLessThanOrEqual(390);
      expect(Math.abs(b.y - boxes[0]!.y), `${b.name} on the first row`).toBeLessThan(4);
    }

    // An application first, so that the applications screen has a table to fit too
    // (its sort buttons' screen-reader text once widened the page).
    const reference = await apply(page, `phone-${account.email}`);
    const problems: string[] = [];
    for (const { path, heading } of consoleScreens) {
      const where = `/admin/${path}`;
      await openByAddress(page, path, heading);
      const wide = await overflow(page);
      if (wide) problems.push(`${where}: the page is ${wide}`);

      // The keyboard: the first Tab reaches the skip link, which leads to the screen.
      await page.keyboard.press('Tab');
      const first = await focused(page);
      if (first !== 'Skip to content') problems.push(`${where}: first Tab reaches "${first}", not the skip link`);
      else {
        await expect(page.getByRole('link', { name: 'Skip to content' })).toBeInViewport();
        await page.keyboard.press('Enter');
        const after = await focused(page);
        if (after !== 'main#main') problems.push(`${where}: the skip link leads to "${after}"`);
      }

      // The navigation: hidden behind "Menu", every screen listed and inside the window.
      const nav = page.getByRole('navigation', { name: 'Console' });
      await expect(nav).toBeHidden();
      const menu = page.getByRole('button', { name: 'Menu', exact: true });
      await expect(menu).toHaveAttribute('aria-expanded', 'false');
      await menu.click();
      await expect(menu).toHaveAttribute('aria-expanded', 'true');
      await expect(nav).toBeVisible();
      const links = nav.getByRole('link');
      await expect(links).toHaveText([...navigationOf.admin]);
      for (const box of await Promise.all((await links.all()).map((l) => l.boundingBox()))) {
        if (!box || box.x < 0 || box.x + box.width > 390) problems.push(`${where}: a navigation link is outside the window`);
      }
      const wideOpen = await overflow(page);
      if (wideOpen) problems.push(`${where}: with the menu open, the page is ${wideOpen}`);
    }
    // An application's page, too.
    await openByAddress(page, 'applications', 'Applications');
    await page.getByRole('link', { name: reference }).click();
    await expect(page.getByRole('heading', { name: `Application ${reference}`, level: 1 })).toBeVisible();
    await settled(page);
    const wide = await overflow(page);
    if (wide) problems.push(`/admin/applications/:id: the page is ${wide}`);
    expect(problems).toEqual([]);

    // "Sign out everywhere" is in the menu.
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    const everywhere = page.getByRole('button', { name: 'Sign out everywhere', exact: true });
    await expect(everywhere).toBeVisible();
    expect(await everywhere.evaluate((el) => el.closest('nav')?.getAttribute('aria-label'))).toBe('Console');

    // The menu works: a link opens its screen and closes the menu.
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Blog', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Blog', level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Console' })).toBeHidden();
  });
});
