import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, type Route, type TestInfo } from '@playwright/test';
import { test } from './fixtures';
import { TOAST_DURATION_MS, TOAST_REMOVE_DELAY_MS } from '../src/components/toast/constants';
import { JOB_LINK_PULSE_MS } from '../src/features/jobs/constants';
import { base, openHydrated, openJobs, watchErrors } from './helpers';

// Contact Us (form states against a mocked POST /api/contact, map on
// request), Career (jump to open positions, job cards, link pulse, copy
// link) and the toasts the copy link shows.

const typed = {
  Name: 'Asha Rao',
  'E-mail': 'asha@example.com',
  Subject: 'Clinic booking app',
  Message: 'We would like an app for booking clinic appointments.',
};

async function fillContact(page: Page, values: Record<string, string> = typed) {
  for (const [label, value] of Object.entries(values)) await page.getByLabel(label, { exact: true }).fill(value);
}

async function expectFields(page: Page, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);
}

/** Answers POST /api/contact with status and body; returns the request bodies seen. */
async function mockContact(page: Page, status: number, body: unknown): Promise<unknown[]> {
  const seen: unknown[] = [];
  await page.route('**/api/contact', async (route: Route) => {
    seen.push(route.request().postDataJSON());
    await route.fulfill({ status, json: body });
  });
  return seen;
}

/** A stand-in for the map service's frame: tests never reach the internet. */
async function stubMap(page: Page): Promise<string[]> {
  const hits: string[] = [];
  await page.route('https://www.openstreetmap.org/**', async (route) => {
    hits.push(route.request().url());
    await route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><html lang="en"><head><title>Map</title></head><body><div role="img" aria-label="Map of the office"></div></body></html>',
    });
  });
  return hits;
}

/** Text colour of el and the first opaque background behind it, as sRGB 0-255. */
async function colours(el: Locator): Promise<{ fg: number[]; bg: number[] }> {
  return el.evaluate((node) => {
    const ctx = document.createElement('canvas').getContext('2d')!;
    const rgb = (css: string) => {
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = css;
      ctx.fillRect(0, 0, 1, 1);
      return Array.from(ctx.getImageData(0, 0, 1, 1).data.slice(0, 3));
    };
    let bg = 'rgb(255, 255, 255)';
    for (let n: Element | null = node; n; n = n.parentElement) {
      const b = getComputedStyle(n).backgroundColor;
      if (b && b !== 'transparent' && !/^rgba\(.*,\s*0\)$/.test(b)) {
        bg = b;
        break;
      }
    }
    return { fg: rgb(getComputedStyle(node).color), bg: rgb(bg) };
  });
}

function contrast(a: number[], b: number[]): number {
  const lum = (c: number[]) => {
    const [r, g, bl] = c.map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * Opens /career without entrance animations: a job card still sliding in
 * moves its buttons away from the point Playwright aims at.
 */
async function openCareerStill(page: Page) {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openHydrated(page, '/career');
}

/**
 * Presses a job's Copy link button as the project's visitor would: a tap on
 * a phone; a click on a desktop, after which the mouse moves off, since it
 * would otherwise rest where the toast may open (a hovered toast waits).
 */
async function copyLink(page: Page, info: TestInfo, jobTitle: string) {
  const button = page.getByRole('button', { name: `Copy link to ${jobTitle}` });
  if (info.project.use.hasTouch) {
    await button.tap();
  } else {
    await button.click();
    await page.mouse.move(0, 0);
  }
}

test.describe('contact form', () => {
  test('sends: Sending... and disabled while pending, then green success and empty fields', async ({ page }) => {
    let release: () => void = () => {};
    const answered = new Promise<void>((r) => (release = r));
    await page.route('**/api/contact', async (route) => {
      await answered;
      await route.fulfill({ status: 201, json: { id: 'c-1' } });
    });
    await openHydrated(page, '/contact-us');
    await fillContact(page);
    await page.getByRole('button', { name: 'Send Message' }).click();

    const sending = page.getByRole('button', { name: 'Sending...' });
    await expect(sending).toBeVisible();
    await expect(sending).toBeDisabled();
    release();

    const ok = page.getByText('Message sent successfully!', { exact: true });
    await expect(ok).toBeVisible();
    await expect(ok).toHaveAttribute('role', 'status');
    const { fg, bg } = await colours(ok);
    const [r, g, b] = fg as [number, number, number];
    expect(g).toBeGreaterThan(r + 40);
    expect(g).toBeGreaterThan(b + 20);
    expect(contrast(fg, bg)).toBeGreaterThanOrEqual(4.5);

    await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
    await expectFields(page, { Name: '', 'E-mail': '', Subject: '', Message: '' });
  });

  test('posts the fields, the empty honeypot and the time the form was shown', async ({ page }) => {
    await page.clock.install({ time: new Date('2026-11-21T10:00:00Z') });
    const seen = await mockContact(page, 201, { id: 'c-2' });
    await openHydrated(page, '/contact-us');
    await page.clock.runFor(4000);
    await fillContact(page, { ...typed, Name: '  Asha Rao  ' });
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Message sent successfully!')).toBeVisible();

    expect(seen).toHaveLength(1);
    const body = seen[0] as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['elapsedMs', 'email', 'message', 'name', 'subject', 'website']);
    expect(body).toMatchObject({
      name: 'Asha Rao',
      email: typed['E-mail'],
      subject: typed.Subject,
      message: typed.Message,
      website: '',
    });
    expect(typeof body.elapsedMs).toBe('number');
    expect(body.elapsedMs as number).toBeGreaterThanOrEqual(4000);
  });

  test('failure shows the error in red and keeps what was typed', async ({ page }) => {
    await mockContact(page, 500, { error: { code: 'internal', message: 'Internal error.' } });
    await openHydrated(page, '/contact-us');
    await fillContact(page);
    await page.getByRole('button', { name: 'Send Message' }).click();

    const err = page.getByRole('alert').filter({ hasText: 'Error sending message. Please try again.' });
    await expect(err).toHaveText('Error sending message. Please try again.');
    const { fg, bg } = await colours(err);
    const [r, g, b] = fg as [number, number, number];
    expect(r).toBeGreaterThan(g + 40);
    expect(r).toBeGreaterThan(b + 40);
    expect(contrast(fg, bg)).toBeGreaterThanOrEqual(4.5);
    await expectFields(page, typed);
    await expect(page.getByText('Message sent successfully!')).toHaveCount(0);
  });

  test("422: the server's messages appear next to their fields and the first takes focus", async ({ page }) => {
    await mockContact(page, 422, {
      error: {
        code: 'invalid',
        message: 'Some fields need attention.',
        fields: { email: 'Enter a valid e-mail address.', message: 'Message must be at least 10 characters.' },
      },
    });
    await openHydrated(page, '/contact-us');
    await fillContact(page);
    await page.getByRole('button', { name: 'Send Message' }).click();

    const email = page.getByLabel('E-mail', { exact: true });
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription('Enter a valid e-mail address.');
    await expect(email).toBeFocused();
    const message = page.getByLabel('Message', { exact: true });
    await expect(message).toHaveAttribute('aria-invalid', 'true');
    await expect(message).toHaveAccessibleDescription(/Message must be at least 10 characters\./);
    await expect(page.getByLabel('Name', { exact: true })).not.toHaveAttribute('aria-invalid', 'true');
    await expectFields(page, typed);
  });

  test("429: shows the server's message to wait and try again", async ({ page }) => {
    const text = 'You have sent several messages in a short time. Please wait a few minutes and try again.';
    await mockContact(page, 429, { error: { code: 'rate_limited', message: text } });
    await openHydrated(page, '/contact-us');
    await fillContact(page);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('alert').filter({ hasText: text })).toBeVisible();
    await expectFields(page, typed);
  });

  test('an invalid e-mail is caught in the browser: no request', async ({ page }) => {
    const seen = await mockContact(page, 201, { id: 'never' });
    await openHydrated(page, '/contact-us');
    await fillContact(page, { ...typed, 'E-mail': 'asha@example' });
    await page.getByRole('button', { name: 'Send Message' }).click();
    const email = page.getByLabel('E-mail', { exact: true });
    await expect(email).toHaveAccessibleDescription('Enter a valid e-mail address.');
    await expect(email).toBeFocused();
    // Requests arrive in order: once the corrected form's request is in,
    // a request from the invalid submit would have been seen before it.
    await email.fill(typed['E-mail']);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Message sent successfully!')).toBeVisible();
    expect(seen).toEqual([expect.objectContaining({ email: typed['E-mail'] })]);
  });

  test('Tab skips the honeypot field', async ({ page }) => {
    await openHydrated(page, '/contact-us');
    const honeypot = page.locator('input[name="website"]');
    await expect(honeypot).toHaveAttribute('tabindex', '-1');
    await expect(honeypot).toHaveAttribute('autocomplete', 'off');
    await page.getByLabel('Name', { exact: true }).focus();
    const order: string[] = [];
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      order.push(await page.evaluate(() => document.activeElement?.getAttribute('name') ?? document.activeElement?.textContent ?? ''));
    }
    expect(order).toEqual(['email', 'subject', 'message', 'Send Message']);
  });
});

test.describe('contact details and map', () => {
  test('phone and e-mail links; the map frame loads only after Show map', async ({ page }) => {
    const mapHits = await stubMap(page);
    await openHydrated(page, '/contact-us');
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: '+91 00000 00000' })).toHaveAttribute('href', 'tel:+910000000000');
    await expect(main.getByRole('link', { name: 'hello@nimbusgrove.example' })).toHaveAttribute('href', 'mailto:hello@nimbusgrove.example');
    await expect(main.getByText('Hyderabad, Telangana', { exact: false }).first()).toBeVisible();
    const osm = main.getByRole('link', { name: /Open in OpenStreetMap/ });
    await expect(osm).toHaveAttribute('target', '_blank');
    await expect(osm).toHaveAttribute('href', /^https:\/\/www\.openstreetmap\.org\//);

    await expect(page.locator('iframe')).toHaveCount(0);
    expect(mapHits).toEqual([]);
    await page.getByRole('button', { name: 'Show map' }).click();
    const frame = page.locator('iframe');
    await expect(frame).toHaveCount(1);
    await expect(frame).toHaveAttribute('src', /^https:\/\/www\.openstreetmap\.org\/export\/embed\.html/);
    await expect(frame).toHaveAttribute('title', /Uppal/);
    await expect(frame).toHaveAttribute('loading', 'lazy');
    await frame.scrollIntoViewIfNeeded();
    await expect.poll(() => mapHits.length).toBeGreaterThan(0);
  });
});

test.describe('career', () => {
  test('See Open Positions scrolls the grid into view and focuses its heading', async ({ page }) => {
    await openHydrated(page, '/career');
    const heading = page.getByRole('heading', { level: 2, name: 'Open Positions' });
    await expect(heading).not.toBeInViewport();
    await page.getByRole('link', { name: 'See Open Positions' }).click();
    await expect(heading).toBeFocused();
    await expect(heading).toBeInViewport();
    // Below the fixed header, not under it.
    const box = await heading.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(60);
    await expect(page.getByRole('link', { name: /^View Details/ }).first()).toBeInViewport();
  });

  test('with reduced motion the jump is instant', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openHydrated(page, '/career');
    await page.getByRole('link', { name: 'See Open Positions' }).click();
    const heading = page.getByRole('heading', { level: 2, name: 'Open Positions' });
    expect(await heading.evaluate((el) => el.getBoundingClientRect().top < window.innerHeight)).toBe(true);
    await expect(heading).toBeFocused();
  });

  test('cards show the open jobs from the API with their links', async ({ page, request }) => {
    const jobs = await openJobs(request);
    await openHydrated(page, '/career');
    const grid = page.getByRole('region', { name: 'Open Positions' });
    await expect(grid.getByRole('listitem')).toHaveCount(jobs.length);
    for (const job of jobs) {
      const card = grid.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: job.jobTitle, exact: true }) });
      await expect(card).toHaveCount(1);
      await expect(card).toContainText(job.location);
      await expect(card).toContainText(`${job.experience} years`);
      const id = encodeURIComponent(job.id);
      await expect(card.getByRole('link', { name: `View Details for ${job.jobTitle}` })).toHaveAttribute('href', `/job/${id}`);
      await expect(card.getByRole('link', { name: `Apply Now for ${job.jobTitle}` })).toHaveAttribute('href', `/apply/${id}`);
    }
  });

  test(`job links pulse for ${JOB_LINK_PULSE_MS} ms, then open the job`, async ({ page, request }) => {
    const [job] = await openJobs(request);
    await page.clock.install({ time: new Date('2026-11-21T10:00:00Z') });
    await page.clock.pauseAt(new Date('2026-11-21T10:00:01Z'));
    await openHydrated(page, '/career');
    const link = page.getByRole('link', { name: `View Details for ${job!.jobTitle}` });
    await link.scrollIntoViewIfNeeded();
    await link.click();
    await expect(link).toHaveClass(/link-pulse/);
    await page.clock.runFor(JOB_LINK_PULSE_MS - 10);
    await expect(link).toHaveClass(/link-pulse/);
    expect(new URL(page.url()).pathname).toBe('/career');
    await page.clock.runFor(20);
    await expect(page).toHaveURL(`${base()}/job/${encodeURIComponent(job!.id)}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(job!.jobTitle);
  });

  test('with reduced motion job links open at once, without a pulse', async ({ page, request }) => {
    const [job] = await openJobs(request);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openHydrated(page, '/career');
    const link = page.getByRole('link', { name: `Apply Now for ${job!.jobTitle}` });
    await link.click();
    await expect(page).toHaveURL(`${base()}/apply/${encodeURIComponent(job!.id)}`);
  });

  test('Copy link copies the job URL and shows a toast that goes away', async ({ page, context, request }, info) => {
    const [job] = await openJobs(request);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base() });
    await page.clock.install({ time: new Date('2026-11-21T10:00:00Z') });
    await openCareerStill(page);
    await copyLink(page, info, job!.jobTitle);

    const region = page.getByRole('region', { name: 'Notifications' });
    const toast = region.getByRole('status').filter({ hasText: 'Link copied' });
    await expect(toast).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${base()}/job/${encodeURIComponent(job!.id)}`);
    const width = await toast.evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBeLessThanOrEqual(350);

    await page.clock.runFor(TOAST_DURATION_MS);
    await expect(toast).toHaveAttribute('data-state', 'closed');
    await page.clock.runFor(TOAST_REMOVE_DELAY_MS);
    await expect(toast).toHaveCount(0);
  });

  test('a toast waits while the mouse is over it and closes after it leaves', { tag: '@desktop-only' }, async ({ page, context, request }, info) => {
    const [job] = await openJobs(request);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base() });
    await page.clock.install({ time: new Date('2026-11-21T10:00:00Z') });
    await openCareerStill(page);
    await copyLink(page, info, job!.jobTitle);
    const toast = page.getByRole('region', { name: 'Notifications' }).getByRole('status').filter({ hasText: 'Link copied' });
    await expect(toast).toBeVisible();

    await toast.getByText('Link copied').hover();
    await page.clock.runFor(TOAST_DURATION_MS * 2);
    await expect(toast).toHaveAttribute('data-state', 'open');
    await page.mouse.move(0, 0);
    await page.clock.runFor(TOAST_DURATION_MS);
    await expect(toast).toHaveAttribute('data-state', 'closed');
  });

  // A tap leaves the browser's emulated mouse resting on what was tapped;
  // that is not someone reading the toast, and no mouseleave ever follows.
  test('a toast that was tapped still goes away', { tag: '@phone-only' }, async ({ page, context, request }, info) => {
    const [job] = await openJobs(request);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base() });
    await page.clock.install({ time: new Date('2026-11-21T10:00:00Z') });
    await openCareerStill(page);
    await copyLink(page, info, job!.jobTitle);
    const toast = page.getByRole('region', { name: 'Notifications' }).getByRole('status').filter({ hasText: 'Link copied' });
    await toast.getByText('Link copied').tap();

    await page.clock.runFor(TOAST_DURATION_MS);
    await expect(toast).toHaveAttribute('data-state', 'closed');
  });

  test('a toast closes with its close button', async ({ page, context, request }, info) => {
    const [job] = await openJobs(request);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base() });
    await openCareerStill(page);
    await copyLink(page, info, job!.jobTitle);
    const region = page.getByRole('region', { name: 'Notifications' });
    await expect(region.getByText('Link copied')).toBeVisible();
    await region.getByRole('button', { name: 'Dismiss notification' }).click();
    await expect(region.getByRole('status')).toHaveCount(0);
  });

  test('without a clipboard, Copy link shows an error toast', async ({ page, request }, info) => {
    const [job] = await openJobs(request);
    await page.addInitScript(() => Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true }));
    await openCareerStill(page);
    await copyLink(page, info, job!.jobTitle);
    await expect(page.getByRole('region', { name: 'Notifications' }).getByRole('alert')).toContainText('Could not copy the link');
  });
});

test('contact and career hydrate cleanly; career loads its jobs after client-side navigation', async ({ page, request }) => {
  const jobs = await openJobs(request);
  const errors = watchErrors(page);
  await openHydrated(page, '/contact-us');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  await openHydrated(page, '/career');
  await expect(page.getByRole('heading', { level: 1, name: 'Join Our Team' })).toBeVisible();
  await openHydrated(page, '/');
  await page.locator('footer').getByRole('link', { name: 'Careers', exact: true }).click();
  await expect(page).toHaveURL(`${base()}/career`);
  await expect(page.getByRole('region', { name: 'Open Positions' }).getByRole('listitem')).toHaveCount(jobs.length);
  await expect(page).toHaveTitle('Careers | Nimbus Grove Technologies');
  expect(errors).toEqual([]);
});

// axe in a fresh context per page, as @axe-core/playwright requires; both projects.
test.describe('accessibility (axe): contact and career', () => {
  const cases: { name: string; path: string; prepare?: (page: Page) => Promise<void> }[] = [
    { name: 'contact', path: '/contact-us' },
    {
      name: 'contact with the map shown',
      path: '/contact-us',
      prepare: async (page) => {
        await page.getByRole('button', { name: 'Show map' }).click();
        await expect(page.locator('iframe')).toHaveCount(1);
      },
    },
    {
      name: 'contact with field errors',
      path: '/contact-us',
      prepare: async (page) => {
        await page.getByRole('button', { name: 'Send Message' }).click();
        await expect(page.getByLabel('Name', { exact: true })).toBeFocused();
      },
    },
    { name: 'career', path: '/career' },
  ];
  for (const c of cases) {
    test(`${c.name} has no violations`, async ({ browser }, info) => {
      const context = await browser.newContext({ viewport: info.project.use.viewport ?? { width: 1280, height: 800 } });
      const page = await context.newPage();
      await stubMap(page);
      await openHydrated(page, c.path);
      await c.prepare?.(page);
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
      const summary = results.violations.map((v) => `${c.path}: ${v.id} (${v.nodes.length}): ${v.nodes[0]?.target.join(' ')}`);
      expect(summary).toEqual([]);
      await context.close();
    });
  }
});
