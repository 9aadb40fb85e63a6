import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { base, openHydrated, watchErrors } from './helpers';

const ROUTES = ['/service1', '/service2', '/service3'] as const;

const CHIPS = [
  'HTML5', 'CSS3', 'JavaScript', 'React', 'Angular', 'Vue.js', 'Node.js', 'Python', 'Ruby on Rails', 'PHP', 'Java',
  'Swift', 'Kotlin', 'React Native', 'Flutter', 'MySQL', 'PostgreSQL', 'MongoDB', 'Firebase', 'AWS', 'Azure', 'Google Cloud',
];

const PRICES: Record<(typeof ROUTES)[number], string[]> = {
  '/service1': ['₹20,000', '₹30,000', '₹40,000'],
  '/service2': ['₹25,000', '₹35,000', '₹45,000'],
  '/service3': ['₹20,000', '₹30,000', '₹50,000'],
};

const CLOUD = [
  'Infrastructure as a Service',
  'Platform as a Service',
  'Software as a Service',
  'Cloud Migration',
  'Cloud Security',
  'Serverless and Containers',
  'Backup and Disaster Recovery',
];

const CONSULTING = [
  'Strategic IT Planning',
  'Infrastructure Design',
  'Project Management',
  'Technology Selection',
  'Cybersecurity',
  'Cloud Solutions',
  'IT Support',
];

/** Titles of the slides on the page shown (the others are inert). */
function shown(page: Page, carousel: string): Promise<string[]> {
  return page
    .getByRole('group', { name: carousel })
    .locator('[aria-roledescription="slide"]:not([inert]) h3')
    .allTextContents();
}

/** Titles of the slides whose centre lies inside the carousel's viewport (after the slide moved there). */
function onScreen(page: Page, carousel: string): Promise<string[]> {
  return page.getByRole('group', { name: carousel }).evaluate((root) => {
    const view = root.querySelector('.overflow-hidden')!.getBoundingClientRect();
    return Array.from(root.querySelectorAll('[aria-roledescription="slide"]'))
      .filter((el) => {
        const r = el.getBoundingClientRect();
        const centre = (r.left + r.right) / 2;
        return centre > view.left && centre < view.right && getComputedStyle(el).opacity === '1';
      })
      .map((el) => el.querySelector('h3')?.textContent ?? '');
  });
}

/** Stops the page's timers before it loads: they run only when the test advances the clock. */
async function pauseClock(page: Page) {
  await page.clock.install({ time: new Date('2026-11-21T10:00:00Z') });
  await page.clock.pauseAt(new Date('2026-11-21T10:00:01Z'));
}

/**
 * Takes the mouse off every carousel (hovering pauses it): to a corner of
 * the viewport that no carousel covers where the page is scrolled now.
 * A fixed corner is not enough: focusing a control scrolls the page, and
 * the browser then hovers whatever lies under the pointer.
 */
async function moveAway(page: Page) {
  const point = await page.evaluate(() => {
    const w = window.innerWidth;
    const h = window.innerHeight;
    const corners: [number, number][] = [[1, 1], [w - 2, 1], [1, h - 2], [w - 2, h - 2]];
    const inside = (x: number, y: number) =>
      Array.from(document.querySelectorAll('[aria-roledescription="carousel"]')).some((el) => {
        const r = el.getBoundingClientRect();
        return x >= r.left && x <= r.right && y >= r.top && y <= r.bottom;
      });
    return corners.find(([x, y]) => !inside(x, y)) ?? null;
  });
  if (!point) throw new Error('every corner of the viewport is over a carousel');
  await page.mouse.move(point[0], point[1]);
}

test.describe('service pages content', () => {
  test('custom software shows the 22 technology chips in order', async ({ page }) => {
    await openHydrated(page, '/service1');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Custom Software Development');
    await expect(page.getByRole('list', { name: 'Technologies' }).getByRole('listitem')).toHaveText(CHIPS);
    await expect(page.getByRole('region', { name: 'Our Process' }).locator('ol > li h3')).toHaveText([
      'Consultation and Analysis',
      'Planning and Design',
      'Development and Testing',
      'Deployment and Training',
      'Maintenance and Support',
    ]);
  });

  for (const route of ROUTES) {
    test(`${route} shows its plan prices and Get Started leads to /contact-us`, async ({ page }) => {
      await openHydrated(page, route);
      const prices = page.locator('article').filter({ hasText: '₹' });
      await expect(prices).toHaveCount(3);
      for (const [i, price] of PRICES[route].entries()) await expect(prices.nth(i)).toContainText(price);
      const cta = page.getByRole('link', { name: 'Get Started' });
      await expect(cta).toHaveAttribute('href', '/contact-us');
      await cta.click();
      await expect(page).toHaveURL(/\/contact-us$/);
    });
  }

  test('server HTML shows the first slides (no JavaScript)', async ({ browser }, info) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: info.project.use.viewport });
    const page = await context.newPage();
    const wide = (info.project.use.viewport?.width ?? 1280) >= 1024;
    await page.goto(`${base()}/service2`);
    expect(await onScreen(page, 'Cloud services')).toEqual(wide ? CLOUD.slice(0, 3) : [CLOUD[0]]);
    await expect(page.getByRole('heading', { name: CLOUD[0] })).toBeVisible();
    await page.goto(`${base()}/service3`);
    expect(await onScreen(page, 'Consulting services')).toEqual([CONSULTING[0]]);
    await context.close();
  });

  test('the pages hydrate without errors', async ({ page }) => {
    const errors = watchErrors(page);
    for (const route of ROUTES) await openHydrated(page, route);
    expect(errors).toEqual([]);
  });
});

test.describe('cloud carousel', () => {
  test('three at a time; moves on by three after 4000 ms and not before; dots jump; wraps after the last page', { tag: '@desktop-only' }, async ({ page }) => {
    await pauseClock(page);
    await openHydrated(page, '/service2');
    const carousel = 'Cloud services';
    await expect.poll(() => shown(page, carousel)).toEqual(CLOUD.slice(0, 3));
    await expect.poll(() => onScreen(page, carousel)).toEqual(CLOUD.slice(0, 3));
    const dots = page.getByRole('group', { name: carousel }).getByRole('button', { name: /^Show / });
    await expect(dots).toHaveCount(3);
    await expect(dots.first()).toHaveAttribute('aria-current', 'true');

    await page.clock.runFor(3999);
    expect(await shown(page, carousel)).toEqual(CLOUD.slice(0, 3));
    await page.clock.runFor(1);
    await expect.poll(() => shown(page, carousel)).toEqual(CLOUD.slice(3, 6));
    await expect.poll(() => onScreen(page, carousel)).toEqual(CLOUD.slice(3, 6));
    await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true');

    // The last page holds group 7 alone, centred.
    await page.clock.runFor(4000);
    await expect.poll(() => shown(page, carousel)).toEqual([CLOUD[6]]);
    await expect.poll(() => onScreen(page, carousel)).toEqual([CLOUD[6]]);
    const box = await page.locator('[aria-label="7 of 7"]').boundingBox();
    const view = await page.getByRole('group', { name: carousel }).locator('.overflow-hidden').boundingBox();
    expect(Math.abs(box!.x + box!.width / 2 - (view!.x + view!.width / 2))).toBeLessThan(20);

    // Wraps to the start.
    await page.clock.runFor(4000);
    await expect.poll(() => shown(page, carousel)).toEqual(CLOUD.slice(0, 3));

    // Dots jump to a page of three.
    await page.getByRole('button', { name: 'Show services 4 to 6' }).click();
    await expect.poll(() => shown(page, carousel)).toEqual(CLOUD.slice(3, 6));
    await page.getByRole('button', { name: 'Show service 7' }).click();
    await expect.poll(() => shown(page, carousel)).toEqual([CLOUD[6]]);
    await moveAway(page);
    await page.clock.runFor(4000);
    await expect.poll(() => shown(page, carousel)).toEqual(CLOUD.slice(0, 3));
  });

  test('one at a time on a phone, moving on by one', { tag: '@phone-only' }, async ({ page }) => {
    await pauseClock(page);
    await openHydrated(page, '/service2');
    const carousel = 'Cloud services';
    await expect.poll(() => shown(page, carousel)).toEqual([CLOUD[0]]);
    await expect.poll(() => onScreen(page, carousel)).toEqual([CLOUD[0]]);
    await expect(page.getByRole('group', { name: carousel }).getByRole('button', { name: /^Show / })).toHaveCount(7);
    await page.clock.runFor(3999);
    expect(await shown(page, carousel)).toEqual([CLOUD[0]]);
    await page.clock.runFor(1);
    await expect.poll(() => onScreen(page, carousel)).toEqual([CLOUD[1]]);
    await page.getByRole('button', { name: 'Show service 7' }).click();
    await expect.poll(() => onScreen(page, carousel)).toEqual([CLOUD[6]]);
    await moveAway(page);
    await page.clock.runFor(4000);
    await expect.poll(() => onScreen(page, carousel)).toEqual([CLOUD[0]]);
  });

  test('two at a time at 900px', { tag: '@desktop-only' }, async ({ page }) => {
    await page.setViewportSize({ width: 900, height: 900 });
    await pauseClock(page);
    await openHydrated(page, '/service2');
    await expect.poll(() => onScreen(page, 'Cloud services')).toEqual(CLOUD.slice(0, 2));
    await page.clock.runFor(4000);
    await expect.poll(() => onScreen(page, 'Cloud services')).toEqual(CLOUD.slice(2, 4));
  });

  test('the pause button stops it and play starts it again', async ({ page }) => {
    await pauseClock(page);
    await openHydrated(page, '/service2');
    const carousel = 'Cloud services';
    const first = await shown(page, carousel);
    await page.getByRole('button', { name: 'Pause automatic slide changes' }).click();
    await moveAway(page);
    await page.clock.runFor(20_000);
    expect(await shown(page, carousel)).toEqual(first);
    const play = page.getByRole('button', { name: 'Play automatic slide changes' });
    await expect(play).toHaveText('Play');
    await play.click();
    await moveAway(page);
    await page.clock.runFor(4000);
    await expect.poll(() => shown(page, carousel)).not.toEqual(first);
  });

  test('keyboard focus inside pauses it', { tag: '@desktop-only' }, async ({ page }) => {
    await pauseClock(page);
    await openHydrated(page, '/service2');
    await page.getByRole('button', { name: 'Pause automatic slide changes' }).focus();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Show services 1 to 3' })).toBeFocused();
    await page.clock.runFor(12_000);
    expect(await shown(page, 'Cloud services')).toEqual(CLOUD.slice(0, 3));
    await page.keyboard.press('Enter');
    await page.getByRole('link', { name: 'Get Started' }).focus();
    await moveAway(page);
    await page.clock.runFor(4000);
    await expect.poll(() => shown(page, 'Cloud services')).toEqual(CLOUD.slice(3, 6));
  });

  test('hovering pauses it', { tag: '@desktop-only' }, async ({ page }) => {
    await pauseClock(page);
    await openHydrated(page, '/service2');
    await page.locator('[aria-label="2 of 7"]').hover();
    await page.clock.runFor(12_000);
    expect(await shown(page, 'Cloud services')).toEqual(CLOUD.slice(0, 3));
    await moveAway(page);
    await page.clock.runFor(4000);
    await expect.poll(() => shown(page, 'Cloud services')).toEqual(CLOUD.slice(3, 6));
  });

  test('does not move by itself with reduced motion', async ({ browser }, info) => {
    const context = await browser.newContext({ reducedMotion: 'reduce', viewport: info.project.use.viewport });
    const page = await context.newPage();
    await pauseClock(page);
    await openHydrated(page, '/service2');
    const first = await shown(page, 'Cloud services');
    await expect(page.getByRole('button', { name: 'Play automatic slide changes' })).toBeVisible();
    await page.clock.runFor(20_000);
    expect(await shown(page, 'Cloud services')).toEqual(first);
    await context.close();
  });
});

test.describe('consulting carousel', () => {
  test('one service at a time, moving on every 5000 ms; dots select', async ({ page }) => {
    await pauseClock(page);
    await openHydrated(page, '/service3');
    const carousel = 'Consulting services';
    await expect.poll(() => onScreen(page, carousel)).toEqual([CONSULTING[0]]);
    await page.clock.runFor(4999);
    expect(await shown(page, carousel)).toEqual([CONSULTING[0]]);
    await page.clock.runFor(1);
    await expect.poll(() => onScreen(page, carousel)).toEqual([CONSULTING[1]]);
    await page.clock.runFor(5000);
    await expect.poll(() => shown(page, carousel)).toEqual([CONSULTING[2]]);

    const dot = page.getByRole('button', { name: 'Show Cybersecurity' });
    await dot.click();
    await expect(dot).toHaveAttribute('aria-current', 'true');
    await expect.poll(() => onScreen(page, carousel)).toEqual(['Cybersecurity']);
    await moveAway(page);
    await page.clock.runFor(5000);
    await expect.poll(() => shown(page, carousel)).toEqual(['Cloud Solutions']);
    await page.getByRole('button', { name: 'Show IT Support' }).click();
    await moveAway(page);
    await page.clock.runFor(5000);
    await expect.poll(() => shown(page, carousel)).toEqual([CONSULTING[0]]);
  });

  test('the pause button stops it', async ({ page }) => {
    await pauseClock(page);
    await openHydrated(page, '/service3');
    await page.getByRole('button', { name: 'Pause automatic slide changes' }).click();
    await moveAway(page);
    await page.clock.runFor(30_000);
    expect(await shown(page, 'Consulting services')).toEqual([CONSULTING[0]]);
  });
});

// axe in a fresh context per page, as @axe-core/playwright requires; one
// test per page keeps each within the time limit.
for (const path of ROUTES) {
  test(`${path} has no axe violations`, async ({ browser }, info) => {
    const context = await browser.newContext({ viewport: info.project.use.viewport ?? { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${base()}${path}`);
    await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
    const summary = results.violations.map((v) => `${path}: ${v.id} (${v.nodes.length}): ${v.nodes[0]?.target.join(' ')}`);
    expect(summary).toEqual([]);
    await context.close();
  });
}
