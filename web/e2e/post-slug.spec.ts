// A post's address and search fields, end to end: an editor writes a post
// whose slug follows its title, publishes it, then changes the slug and
// the SEO title and description. The earlier address answers 301 and the
// browser lands on the new one, whose <head> carries the search fields.
// The editor has no axe violations at 1280 px and fits 390 px.
import { randomBytes } from 'node:crypto';
import { axe, expect, intoConsole } from './admin-helpers';
import { test } from './fixtures';
import { base } from './helpers';

/** Generous: two Playwright runs share two cores. */
const SLOW = { timeout: 20_000 };

test('an editor changes a published post’s slug; the old address leads to the new one', { tag: '@desktop-only' }, async ({ page, request }) => {
  test.setTimeout(120_000);
  const id = randomBytes(4).toString('hex');
  const title = `Moving house ${id}`;
  await intoConsole(page, 'editor', 'slug-editor');

  await page.goto(`${base()}/admin/blog/new`);
  await expect(page.getByRole('heading', { level: 1, name: 'New post' })).toBeVisible(SLOW);
  await page.getByLabel('Title', { exact: true }).fill(title);
  const slug = page.getByRole('textbox', { name: /^Slug/ });
  await expect(slug).toHaveValue(`moving-house-${id}`);
  const content = page.getByRole('textbox', { name: 'Content' });
  await content.click();
  await content.pressSequentially(`A post that moves, ${id}.`);
  expect(await axe(page, 'the post editor with its slug and search fields')).toEqual([]);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved.' })).toBeVisible(SLOW);
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Published. The post is on the blog now.' })).toBeVisible(SLOW);

  // A bad slug is refused with its own message.
  await slug.fill('Not OK');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(slug).toHaveAccessibleDescription(/The slug may hold only lowercase letters, digits and hyphens\./, SLOW);

  await slug.fill(`new-home-${id}`);
  await page.getByRole('textbox', { name: /^SEO title/ }).fill(`New home ${id}, explained`);
  await page.getByRole('textbox', { name: /^Search description/ }).fill(`Where the post lives now, ${id}.`);
  await expect(page.getByText(`New home ${id}, explained |`)).toBeVisible();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Changes saved.' })).toBeVisible(SLOW);
  // The editor lists the address the post had, which now leads here.
  const earlier = page.getByRole('list', { name: 'Earlier addresses, which lead here:' });
  await expect(earlier.getByRole('listitem')).toHaveText([`${base()}/blog/moving-house-${id}`]);
  expect(await axe(page, 'the post editor after saving a new slug')).toEqual([]);

  const old = await request.get(`${base()}/blog/moving-house-${id}?utm_source=e2e`, { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  expect(old.headers()['location']).toBe(`/blog/new-home-${id}?utm_source=e2e`);

  await page.goto(`${base()}/blog/moving-house-${id}`);
  await expect(page).toHaveURL(`${base()}/blog/new-home-${id}`);
  await expect(page).toHaveTitle(new RegExp(`^New home ${id}, explained \\|`));
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', `Where the post lives now, ${id}.`);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', new RegExp(`^New home ${id}, explained`));
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/blog/new-home-${id}$`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible(SLOW);
});

test('the post editor fits a phone', { tag: '@desktop-only' }, async ({ page }, info) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await intoConsole(page, 'editor', 'slug-phone');
  await page.goto(`${base()}/admin/blog/new`);
  await expect(page.getByRole('textbox', { name: /^Slug/ })).toBeVisible(SLOW);
  await page.getByLabel('Title', { exact: true }).fill('A title long enough to make a long slug for a narrow screen indeed');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  await page.screenshot({ path: info.outputPath('post-editor-390.png'), fullPage: true });
  expect(width).toBeLessThanOrEqual(390);
});
