import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './fixtures';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { base, E2E_RETENTION_DAYS, openHydrated, watchErrors } from './helpers';

// FAQ (/more), Privacy Policy (/privacy) and Terms of Service (/terms).
// These run in both projects (390 and 1280 px): the FAQ's search sits
// above the list on phones and beside it on desktops.

function content<T>(name: string): T {
  return JSON.parse(readFileSync(resolve(import.meta.dirname, '../../content', name), 'utf8')) as T;
}
const site = content<{ email: string; supportEmail: string; termsLastUpdated: string }>('site.json');
const faq = content<{ items: { question: string; answer: string }[] }>('faq.json');

const faqItems = (page: Page) => page.locator('#faq-list-title + ul > li');
const faqQuestions = (page: Page) => faqItems(page).getByRole('button');
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search FAQs' });
const faqStatus = (page: Page) => page.getByRole('search').getByRole('status');

/** The panel a disclosure button controls. */
async function panelOf(button: Locator): Promise<Locator> {
  const id = await button.getAttribute('aria-controls');
  expect(id).toBeTruthy();
  return button.page().locator(`[id="${id}"]`);
}

test.describe('FAQ (/more)', () => {
  test('server HTML holds all 13 questions and answers, answers findable but collapsed', async ({ browser }, info) => {
    // No JavaScript: exactly what the server sent.
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: info.project.use.viewport });
    const page = await context.newPage();
    await page.goto(`${base()}/more`);
    await expect(faqQuestions(page)).toHaveText(faq.items.map((i) => i.question));
    expect(faq.items).toHaveLength(13);
    for (const [i, item] of faq.items.entries()) {
      const panel = await panelOf(faqQuestions(page).nth(i));
      await expect(panel).toHaveText(item.answer);
      await expect(panel).toHaveAttribute('hidden', 'until-found');
      await expect(panel).toBeHidden();
    }
    const note = page.getByText(/find the answer you're looking for/);
    await expect(note.getByRole('link', { name: site.email })).toHaveAttribute('href', `mailto:${site.email}`);
    // Items fade in with CSS alone, so they end up visible without script too.
    await expect(faqItems(page).last()).toHaveCSS('opacity', '1');
    await context.close();
  });

  test('search filters live, ignoring case, on question or answer; clearing restores 13', async ({ page }) => {
    const errors = watchErrors(page);
    await openHydrated(page, '/more');
    await expect(searchBox(page)).toHaveAttribute('type', 'search');
    await expect(faqQuestions(page)).toHaveCount(13);
    await expect(faqStatus(page)).toHaveText('Showing all 13 questions.');

    await searchBox(page).pressSequentially('HOW MUCH');
    await expect(faqQuestions(page)).toHaveText(['How much does a project cost?']);
    await expect(faqStatus(page)).toHaveText('1 question matches your search.');

    // "penetration" appears only in the answer about security.
    await searchBox(page).fill('Penetration');
    await expect(faqQuestions(page)).toHaveText(['How do you keep our data and applications secure?']);

    await searchBox(page).fill('sprint');
    const n = await faqQuestions(page).count();
    expect(n).toBeGreaterThan(1);
    await expect(faqStatus(page)).toHaveText(`${n} questions match your search.`);

    await searchBox(page).fill('');
    await expect(faqQuestions(page)).toHaveCount(13);
    await expect(faqStatus(page)).toHaveText('Showing all 13 questions.');
    expect(errors).toEqual([]);
  });

  test('a search with no match says so, with the e-mail link, in a polite live region', async ({ page }) => {
    await openHydrated(page, '/more');
    await expect(faqStatus(page)).toHaveAttribute('role', 'status');
    await searchBox(page).fill('blockchain');
    await expect(faqQuestions(page)).toHaveCount(0);
    await expect(faqStatus(page)).toHaveText('No questions match your search.');
    const message = page.getByText('Nothing matches “blockchain”').locator('..');
    await expect(message).toBeVisible();
    await expect(message.getByRole('link', { name: site.email })).toHaveAttribute('href', `mailto:${site.email}`);
    await searchBox(page).fill('');
    await expect(faqQuestions(page)).toHaveCount(13);
    await expect(page.getByText('Nothing matches')).toHaveCount(0);
  });

  test('items expand and collapse on click and by keyboard; several may be open', async ({ page }) => {
    await openHydrated(page, '/more');
    const first = faqQuestions(page).nth(0);
    const second = faqQuestions(page).nth(1);
    const firstPanel = await panelOf(first);
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await expect(firstPanel).toBeHidden();

    await first.click();
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await expect(firstPanel).toBeVisible();
    await expect(firstPanel).toHaveText(faq.items[0]!.answer);

    await second.focus();
    await page.keyboard.press('Enter');
    await expect(second).toHaveAttribute('aria-expanded', 'true');
    await expect(await panelOf(second)).toBeVisible();
    await expect(firstPanel).toBeVisible();

    await first.click();
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await expect(firstPanel).toBeHidden();
    await second.focus();
    await page.keyboard.press('Space');
    await expect(second).toHaveAttribute('aria-expanded', 'false');
  });

  test('find-in-page opens a collapsed answer (beforematch)', async ({ page }) => {
    await openHydrated(page, '/more');
    const question = faqQuestions(page).nth(7);
    const panel = await panelOf(question);
    await expect(panel).toHaveAttribute('hidden', 'until-found');
    // The browser fires beforematch and removes the attribute when its find bar matches.
    await panel.evaluate((el) => {
      el.dispatchEvent(new Event('beforematch', { bubbles: true }));
      el.removeAttribute('hidden');
    });
    await expect(question).toHaveAttribute('aria-expanded', 'true');
    await expect(panel).toBeVisible();
    await question.click();
    await expect(panel).toHaveAttribute('hidden', 'until-found');
  });

  test('items are revealed in 100 ms steps', async ({ page }) => {
    await openHydrated(page, '/more');
    const timing = await faqItems(page).evaluateAll((items) =>
      items.slice(0, 3).map((li) => {
        const s = getComputedStyle(li);
        return { name: s.animationName, delay: s.animationDelay, step: li.style.getPropertyValue('--stagger-delay') };
      }),
    );
    expect(timing).toEqual([
      { name: 'reveal', delay: '0s', step: '0ms' },
      { name: 'reveal', delay: '0.1s', step: '100ms' },
      { name: 'reveal', delay: '0.2s', step: '200ms' },
    ]);
    await expect(faqItems(page).nth(12)).toHaveCSS('opacity', '1');
  });

  test('with reduced motion the items do not animate', async ({ browser }, info) => {
    const context = await browser.newContext({ reducedMotion: 'reduce', viewport: info.project.use.viewport });
    const page = await context.newPage();
    await openHydrated(page, '/more');
    await expect(faqItems(page).first()).toHaveCSS('animation-name', 'none');
    await expect(faqItems(page).first()).toHaveCSS('opacity', '1');
    await context.close();
  });
});

test.describe('Privacy Policy (/privacy)', () => {
  const sections = [
    'Information We Collect',
    'How We Use Your Information',
    'Disclosure of Your Information',
    'Security of Your Information',
    'Links to Third-Party Websites',
    'Children Under 13',
    'Your Choices and Rights',
    'Changes to This Policy',
    'Contact Us',
  ];

  test('nine numbered sections, a table of contents and the support e-mail', async ({ page }) => {
    const errors = watchErrors(page);
    await openHydrated(page, '/privacy');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
    const headings = page.locator('main section[id] > h2');
    await expect(headings).toHaveText(sections.map((s, i) => `${i + 1}. ${s}`));

    const toc = page.getByRole('navigation', { name: 'On this page' });
    await expect(toc.getByRole('link')).toHaveCount(9);
    await toc.getByRole('link', { name: /Children Under 13/ }).click();
    await expect(page).toHaveURL(/#children-under-13$/);
    await expect(page.getByRole('heading', { name: '6. Children Under 13' })).toBeInViewport();

    const contact = page.locator('section#contact');
    await expect(contact.getByRole('link', { name: site.supportEmail })).toHaveAttribute('href', `mailto:${site.supportEmail}`);
    await expect(page.locator('main')).toContainText(`${E2E_RETENTION_DAYS} days by default`);
    expect(errors).toEqual([]);
  });
});

test.describe('Terms of Service (/terms)', () => {
  const sections = [
    'Welcome',
    'Accepting These Terms',
    'Changes to the Terms',
    'Privacy and Data Protection',
    'Refund Policy',
    'User Rights and Responsibilities',
    'Intellectual Property',
    'User Conduct',
    'Limitation of Liability',
    'Governing Law',
    'Contact Us',
  ];
  const accordion = (page: Page) => page.locator('main ol button[aria-controls^="terms-"]');
  const expanded = (page: Page) => page.locator('main ol button[aria-expanded="true"]');

  test('eleven sections; at most one open; clicking the open one closes it', async ({ page }) => {
    const errors = watchErrors(page);
    await openHydrated(page, '/terms');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Service');
    await expect(accordion(page)).toHaveText(sections.map((s, i) => `${i + 1}.${s}`));
    await expect(expanded(page)).toHaveCount(0);

    const welcome = accordion(page).nth(0);
    const refund = accordion(page).nth(4);
    await welcome.click();
    await expect(expanded(page)).toHaveText(['1.Welcome']);
    await expect(await panelOf(welcome)).toBeVisible();

    await refund.click();
    await expect(expanded(page)).toHaveText(['5.Refund Policy']);
    await expect(await panelOf(welcome)).toBeHidden();
    await expect(await panelOf(refund)).toBeVisible();

    await refund.click();
    await expect(expanded(page)).toHaveCount(0);
    await expect(await panelOf(refund)).toBeHidden();
    expect(errors).toEqual([]);
  });

  test('refund policy, minimum age 13 and governing law', async ({ page }) => {
    await openHydrated(page, '/terms');
    const refund = accordion(page).nth(4);
    await refund.click();
    const refundText = await panelOf(refund);
    for (const phrase of ['No refunds', 'All sales are final', 'No partial refunds', 'Digital goods', 'not refundable after delivery', 'Technical issues are handled by our support team']) {
      await expect(refundText).toContainText(phrase);
    }
    await expect(refundText.getByRole('link', { name: site.supportEmail })).toHaveAttribute('href', `mailto:${site.supportEmail}`);

    const rights = accordion(page).nth(5);
    await rights.click();
    const rightsText = await panelOf(rights);
    await expect(rightsText).toBeVisible();
    for (const phrase of ['at least 13 years old', 'legal capacity', 'accurate', 'confidential']) {
      await expect(rightsText).toContainText(phrase);
    }

    const law = accordion(page).nth(9);
    await law.click();
    await expect(await panelOf(law)).toContainText('laws of India');
    await expect(await panelOf(law)).toContainText('courts of Hyderabad, Telangana');
  });

  test('ends with the date of the last change from site content', async ({ page }) => {
    await openHydrated(page, '/terms');
    const [y, m, d] = site.termsLastUpdated.split('-').map(Number);
    const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
    const line = page.getByText(/^Last updated:/);
    await expect(line).toHaveText(`Last updated: ${months[m! - 1]} ${d}, ${y}`);
    await expect(line).toHaveAttribute('datetime', site.termsLastUpdated);
  });

  test('/Terms redirects permanently to /terms', async ({ request }) => {
    const res = await request.get(`${base()}/Terms`, { maxRedirects: 0 });
    expect(res.status()).toBe(301);
    expect(res.headers()['location']).toBe('/terms');
  });
});

test('the footer reaches the terms and the privacy policy by client-side navigation', async ({ page }) => {
  const errors = watchErrors(page);
  await openHydrated(page, '/more');
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
  const footer = page.locator('footer');
  await footer.getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page).toHaveURL(/\/terms$/);
  const first = page.locator('main ol button').first();
  await first.click();
  await expect(await panelOf(first)).toBeVisible();
  await footer.getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.locator('main section[id] > h2')).toHaveCount(9);
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
  expect(errors).toEqual([]);
});

// axe in a fresh context per page, as @axe-core/playwright requires; a page
// with an accordion is checked as loaded and again with a section open.
for (const [path, opener] of [
  ['/more', '#faq-list-title + ul button'],
  ['/privacy', null],
  ['/terms', 'main ol button'],
] as const) {
  test(`${path} has no accessibility violations`, async ({ browser }, info) => {
    test.slow(); // axe takes seconds per run on a busy machine
    const context = await browser.newContext({ viewport: info.project.use.viewport ?? { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${base()}${path}`);
    await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
    for (const state of opener ? ['closed', 'open'] : ['loaded']) {
      if (state === 'open') await page.locator(opener!).first().click();
      // Half-faded text would be judged on a blend of colours.
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState === 'finished'));
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
      const summary = results.violations.map((v) => `${path} (${state}): ${v.id} (${v.nodes.length}): ${v.nodes[0]?.target.join(' ')}`);
      expect(summary).toEqual([]);
    }
    await context.close();
  });
}
