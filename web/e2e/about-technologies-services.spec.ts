import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './fixtures';
import { base, openHydrated, watchErrors } from './helpers';

// About (/about), Technologies (/technologies) and Our Services (/services).

/** Left and right edges of each element, in page pixels. */
async function boxes(items: Locator) {
  return items.evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return { left: r.left, right: r.right, top: r.top + window.scrollY, bottom: r.bottom + window.scrollY };
    }),
  );
}

/** The --reveal-delay each element got when it entered. */
function revealDelays(items: Locator) {
  return items.evaluateAll((els) => els.map((el) => (el as HTMLElement).style.getPropertyValue('--reveal-delay')));
}

test.describe('about: Our History', () => {
  const entries = (page: Page) => page.getByRole('region', { name: 'Our History' }).getByRole('listitem');

  test('entries for 2018, 2020 and 2022, each with a heading', async ({ page }) => {
    await openHydrated(page, '/about');
    await expect(entries(page)).toHaveCount(3);
    for (const [i, year] of ['2018', '2020', '2022'].entries()) {
      await expect(entries(page).nth(i).getByRole('heading', { level: 3 })).toContainText(year);
    }
  });

  test('entries alternate sides of the centre line at 1280px', { tag: '@desktop-only' }, async ({ page }) => {
    await openHydrated(page, '/about');
    const timeline = page.getByRole('region', { name: 'Our History' }).locator('ol');
    const [list] = await boxes(timeline);
    const centre = (list!.left + list!.right) / 2;
    const cards = await boxes(entries(page).locator('article'));
    expect(cards).toHaveLength(3);
    expect(cards[0]!.right).toBeLessThan(centre);
    expect(cards[1]!.left).toBeGreaterThan(centre);
    expect(cards[2]!.right).toBeLessThan(centre);
    // One below the other, never side by side.
    expect(cards[1]!.top).toBeGreaterThanOrEqual(cards[0]!.bottom);
    expect(cards[2]!.top).toBeGreaterThanOrEqual(cards[1]!.bottom);
  });

  test('entries are stacked in one column at 390px', { tag: '@phone-only' }, async ({ page }) => {
    await openHydrated(page, '/about');
    const cards = await boxes(entries(page).locator('article'));
    expect(cards).toHaveLength(3);
    for (const card of cards) {
      expect(card.left).toBe(cards[0]!.left);
      expect(card.right).toBe(cards[0]!.right);
    }
    expect(cards[1]!.top).toBeGreaterThan(cards[0]!.bottom);
    expect(cards[2]!.top).toBeGreaterThan(cards[1]!.bottom);
  });

  test('entries fade in from their side when scrolled into view', async ({ page }) => {
    await openHydrated(page, '/about');
    const items = entries(page);
    await expect(items.nth(0)).toHaveAttribute('data-reveal', 'fade-in-left');
    await expect(items.nth(1)).toHaveAttribute('data-reveal', 'fade-in-right');
    await expect(items.nth(2)).toHaveAttribute('data-reveal', 'fade-in-left');
    // Below the first screen: hidden until they enter.
    const last = items.nth(2);
    await expect(last).toHaveAttribute('data-reveal-state', 'pending');
    expect(await last.evaluate((el) => getComputedStyle(el).opacity)).toBe('0');
    await last.scrollIntoViewIfNeeded();
    await expect(last).toHaveAttribute('data-reveal-state', 'shown');
    await expect.poll(() => last.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
  });

  test('with reduced motion nothing waits to be revealed', async ({ browser }, info) => {
    const context = await browser.newContext({ reducedMotion: 'reduce', viewport: info.project.use.viewport ?? null });
    const page = await context.newPage();
    await openHydrated(page, '/about');
    await expect(page.locator('[data-reveal-state]')).toHaveCount(0);
    await context.close();
  });
});

test.describe('technologies', () => {
  test('six technology cards with icon, title and description', async ({ page }) => {
    await openHydrated(page, '/technologies');
    const section = page.locator('section', { has: page.getByRole('heading', { level: 2, name: 'Technologies' }) });
    const cards = section.getByRole('listitem');
    await expect(cards).toHaveCount(6);
    await expect(cards.getByRole('heading', { level: 3 })).toHaveText([
      'Cyber Security',
      'Data Analytics',
      'Web Development',
      'Apps Development',
      'Cloud Computing',
      'SEO Optimization',
    ]);
    for (let i = 0; i < 6; i++) {
      await expect(cards.nth(i).locator('svg')).toHaveCount(1);
      await expect(cards.nth(i).locator('p')).not.toBeEmpty();
    }
  });

  test('cards enter 150 ms apart and highlight under the pointer', { tag: '@desktop-only' }, async ({ page }) => {
    // Tall enough for all six cards; reached by client-side navigation, so every card animates.
    await page.setViewportSize({ width: 1280, height: 1400 });
    await openHydrated(page, '/');
    await page.locator('header').getByRole('link', { name: 'Technologies', exact: true }).click();
    const section = page.locator('section', { has: page.getByRole('heading', { level: 2, name: 'Technologies' }) });
    const cards = section.getByRole('listitem');
    await expect(cards.nth(5)).toHaveAttribute('data-reveal-state', 'shown');
    expect(await revealDelays(cards)).toEqual(['0ms', '150ms', '300ms', '450ms', '600ms', '750ms']);

    const card = cards.nth(1).locator('article');
    await expect.poll(() => card.evaluate((el) => getComputedStyle(el.parentElement!).opacity)).toBe('1');
    const before = await card.evaluate((el) => getComputedStyle(el).boxShadow);
    await card.hover();
    // Tailwind's translate utilities set the translate property, not transform.
    await expect.poll(() => card.evaluate((el) => getComputedStyle(el).translate)).not.toBe('none');
    expect(await card.evaluate((el) => getComputedStyle(el).boxShadow)).not.toBe(before);
  });

  test('Why Choose Us shows the figures', async ({ page }) => {
    await openHydrated(page, '/technologies');
    const why = page.getByRole('region', { name: 'Why Choose Us' });
    await expect(why.locator('dd')).toHaveText(['20+', '500', '100+', '300+']);
    await expect(why.locator('dt')).toHaveText(['Years of experience', 'Complete projects', 'Employees', 'Five-star ratings']);
  });
});

test.describe('technologies: partner carousel', { tag: '@desktop-only' }, () => {
  const carousel = (page: Page) => page.getByRole('group', { name: 'Technology partners' });

  /** Labels of the slides whose centre lies inside the carousel's viewport. */
  async function visibleSlides(page: Page): Promise<string[]> {
    return carousel(page).evaluate((root) => {
      // The viewport holds the track that holds the slides.
      const view = root.querySelector('[aria-roledescription="slide"]')!.parentElement!.parentElement!.getBoundingClientRect();
      return Array.from(root.querySelectorAll('[aria-roledescription="slide"]'))
        .filter((el) => {
          const r = el.getBoundingClientRect();
          const centre = (r.left + r.right) / 2;
          return centre > view.left && centre < view.right;
        })
        .map((el) => el.getAttribute('aria-label') ?? '')
        .sort((a, b) => parseInt(a) - parseInt(b));
    });
  }

  /** The slide at the carousel's left edge. */
  async function firstVisible(page: Page): Promise<string> {
    return carousel(page).evaluate((root) => {
      // The viewport holds the track that holds the slides.
      const view = root.querySelector('[aria-roledescription="slide"]')!.parentElement!.parentElement!.getBoundingClientRect();
      const slides = Array.from(root.querySelectorAll('[aria-roledescription="slide"]'));
      const first = slides.find((el) => Math.abs(el.getBoundingClientRect().left + 24 - view.left) < 30);
      return first?.getAttribute('aria-label') ?? '';
    });
  }

  for (const [width, perView] of [
    [1280, 4],
    [1000, 3],
    [700, 2],
    [400, 1],
  ] as const) {
    test(`${perView} per view at ${width}px, five dots`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await openHydrated(page, '/technologies');
      await carousel(page).scrollIntoViewIfNeeded();
      await expect.poll(() => visibleSlides(page).then((s) => s.length)).toBe(perView);
      const dots = carousel(page).getByRole('button', { name: /^Show partner \d$/ });
      await expect(dots).toHaveCount(5);
      await expect(dots.first()).toHaveAttribute('aria-current', 'true');
    });
  }

  test('the server HTML already shows four logos at 1280px', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${base()}/technologies`);
    await carousel(page).scrollIntoViewIfNeeded();
    expect(await visibleSlides(page)).toEqual(['1 of 5', '2 of 5', '3 of 5', '4 of 5']);
    await context.close();
  });

  test('arrows wrap around at both ends and dots jump', async ({ page }) => {
    await openHydrated(page, '/technologies');
    await carousel(page).scrollIntoViewIfNeeded();
    const next = page.getByRole('button', { name: 'Next partner' });
    const previous = page.getByRole('button', { name: 'Previous partner' });
    await expect.poll(() => firstVisible(page)).toBe('1 of 5');

    await previous.click();
    await expect.poll(() => firstVisible(page)).toBe('5 of 5');
    await expect(page.getByRole('button', { name: 'Show partner 5' })).toHaveAttribute('aria-current', 'true');
    await next.click();
    await expect.poll(() => firstVisible(page)).toBe('1 of 5');
    for (const n of [2, 3, 4, 5]) {
      await next.click();
      await expect.poll(() => firstVisible(page)).toBe(`${n} of 5`);
    }
    await next.click();
    await expect.poll(() => firstVisible(page)).toBe('1 of 5');

    await page.getByRole('button', { name: 'Show partner 3' }).click();
    await expect.poll(() => firstVisible(page)).toBe('3 of 5');
    await expect(page.getByRole('button', { name: 'Show partner 3' })).toHaveAttribute('aria-current', 'true');
    await expect(page.getByRole('button', { name: 'Show partner 1' })).not.toHaveAttribute('aria-current', 'true');
  });

  test('one scroll takes about 500 ms', async ({ page }) => {
    await page.clock.install({ time: new Date('2026-11-21T10:00:00Z') });
    await page.clock.pauseAt(new Date('2026-11-21T10:00:01Z'));
    await openHydrated(page, '/technologies');
    await carousel(page).scrollIntoViewIfNeeded();
    const track = carousel(page).locator('[aria-roledescription="slide"]').first().locator('..');
    const offset = () => track.evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).m41);
    const start = await offset();
    const slideWidth = await carousel(page).locator('[aria-roledescription="slide"]').first().evaluate((el) => el.getBoundingClientRect().width);

    await page.getByRole('button', { name: 'Next partner' }).click();
    await page.clock.runFor(200);
    const moved = start - (await offset());
    expect(moved).toBeGreaterThan(0.2 * slideWidth);
    expect(moved).toBeLessThan(0.99 * slideWidth);
    await page.clock.runFor(400);
    expect(Math.abs(start - slideWidth - (await offset()))).toBeLessThan(0.01 * slideWidth);
  });
});

test.describe('services', () => {
  test('three service cards with Learn More links to each service page', async ({ page }) => {
    // No entrance animation: a card still sliding in moves under the pointer.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openHydrated(page, '/services');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our Services');
    await expect(page.getByRole('img', { name: /^Illustration/ })).toBeVisible();
    for (const [name, href] of [
      ['Custom Software Development', '/service1'],
      ['Cloud Computing Solutions', '/service2'],
      ['IT Consulting Services', '/service3'],
    ] as const) {
      await expect(page.getByRole('heading', { level: 3, name })).toBeVisible();
      await expect(page.getByRole('link', { name: `Learn More about ${name}` })).toHaveAttribute('href', href);
    }
    await page.getByRole('link', { name: 'Learn More about Cloud Computing Solutions' }).click();
    await expect(page).toHaveURL(/\/service2$/);
  });

  test('cards enter 0.2 s apart by index', { tag: '@desktop-only' }, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 1400 });
    await openHydrated(page, '/');
    await page.getByRole('link', { name: 'Explore Our Solutions' }).click();
    await expect(page).toHaveURL(/\/services$/);
    const cards = page.getByRole('region', { name: 'Three practices, one partner' }).getByRole('listitem');
    await expect(cards.nth(2)).toHaveAttribute('data-reveal-state', 'shown');
    expect(await revealDelays(cards)).toEqual(['0ms', '200ms', '400ms']);
  });
});

test('the three pages hydrate without console errors', async ({ page }) => {
  const errors = watchErrors(page);
  for (const path of ['/about', '/technologies', '/services']) {
    await openHydrated(page, path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  expect(errors).toEqual([]);
});

// axe in a fresh context per page, as @axe-core/playwright requires; one test per page, each with its own time budget.
for (const path of ['/about', '/technologies', '/services']) {
  test(`${path} has no axe violations`, async ({ browser }, info) => {
    const context = await browser.newContext({ viewport: info.project.use.viewport ?? { width: 1280, height: 800 } });
    const page = await context.newPage();
    await openHydrated(page, path);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
    const summary = results.violations.map((v) => `${path}: ${v.id} (${v.nodes.length}): ${v.nodes[0]?.target.join(' ')}`);
    expect(summary).toEqual([]);
    await context.close();
  });
}
