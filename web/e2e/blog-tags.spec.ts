// Tags of blog posts, end to end: an editor tags a post in the console and
// publishes it; the post's page links the tag, the tag's page lists the
// post, and the tag's Atom feed has it. The console's field, the post page
// and the tag page have no axe violations at 1280 px; at 390 px the pages
// fit the screen (screenshots in the test's output).
import { randomBytes } from 'node:crypto';
import { axe, expect, intoConsole } from './admin-helpers';
import { test } from './fixtures';
import { base, openHydrated, watchErrors } from './helpers';

/** Generous: two Playwright runs share two cores. */
const SLOW = { timeout: 20_000 };

test('an editor tags a post and publishes it; the tag page and the tag feed list it', { tag: '@desktop-only' }, async ({ page, request }, info) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  const id = randomBytes(4).toString('hex');
  const title = `Tagging the archive ${id}`;
  const tag = `Archive ${id}`;
  const slug = `archive-${id}`;
  await intoConsole(page, 'editor', 'tags-editor');

  await page.goto(`${base()}/admin/blog/new`);
  await expect(page.getByRole('heading', { level: 1, name: 'New post' })).toBeVisible(SLOW);
  await page.getByLabel('Title', { exact: true }).fill(title);
  const content = page.getByRole('textbox', { name: 'Content' });
  await content.click();
  await page.getByRole('button', { name: 'Heading 2' }).click();
  await content.pressSequentially('Why tags');
  await content.press('Enter');
  await content.pressSequentially(`Old posts found again, ${id}.`);

  // Tags: Enter and a comma add one each; a repeat is refused at the field
  // and kept in the box; a button removes one.
  const tags = page.getByRole('textbox', { name: /^Tags/ });
  await tags.fill(tag);
  await tags.press('Enter');
  await tags.pressSequentially('Search,');
  await expect(page.getByRole('button', { name: `Remove tag ${tag}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove tag Search' })).toBeVisible();
  await expect(tags).toHaveValue('');
  await tags.fill(`archive ${id}`);
  await tags.press('Enter');
  await expect(tags).toHaveAccessibleDescription(new RegExp(`“${tag}” is already a tag of this post`));
  await expect(tags).toHaveValue(`archive ${id}`);
  await tags.fill('');
  await page.getByRole('button', { name: 'Remove tag Search' }).click();
  await expect(page.getByRole('button', { name: 'Remove tag Search' })).toHaveCount(0);
  await expect(tags).toBeFocused();
  expect(await axe(page, 'the post editor with a tag')).toEqual([]);

  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved.' })).toBeVisible(SLOW);
  // A draft's tag has no page yet.
  expect((await request.get(`${base()}/blog/tag/${slug}`)).status()).toBe(404);
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Published. The post is on the blog now.' })).toBeVisible(SLOW);
  await expect(page.getByRole('button', { name: `Remove tag ${tag}` })).toBeVisible();
  const postId = /\/admin\/blog\/([^/?#]+)$/.exec(page.url())?.[1];
  expect(postId, page.url()).toBeTruthy();

  // The post's page links its tag; the link opens the tag's page.
  await openHydrated(page, `/blog/${postId}`);
  const tagLinks = page.getByRole('navigation', { name: 'Tags' });
  expect(await axe(page, 'the tagged post')).toEqual([]);
  await tagLinks.getByRole('link', { name: tag }).click();
  await expect(page).toHaveURL(`${base()}/blog/tag/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name: `Posts tagged “${tag}”` })).toBeVisible(SLOW);
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^Posts tagged “${tag}” \\| `));

  // Loaded afresh, its <head> has the canonical address, a description and the feed.
  await openHydrated(page, `/blog/tag/${slug}`);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/blog/tag/${slug}$`));
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', new RegExp(title));
  const feed = page.locator('link[rel="alternate"][data-page-feed]');
  await expect(feed).toHaveAttribute('href', `/blog/tag/${slug}/feed.xml`);
  await expect(page.getByRole('link', { name: /^Subscribe to these posts/ })).toHaveAttribute('href', `/blog/tag/${slug}/feed.xml`);
  expect(await axe(page, 'the tag page')).toEqual([]);
  // One post: one page, so no links to others, and no second page.
  await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);
  expect((await request.get(`${base()}/blog/tag/${slug}?page=2`)).status()).toBe(404);

  const xml = await request.get(`${base()}/blog/tag/${slug}/feed.xml`);
  expect(xml.status()).toBe(200);
  expect(xml.headers()['content-type']).toContain('application/atom+xml');
  const body = await xml.text();
  expect(body).toContain(`<title>${title}</title>`);
  expect(body).toContain(`/blog/${postId}`);
  expect(await (await request.get(`${base()}/sitemap.xml`)).text()).toContain(`/blog/tag/${slug}</loc>`);

  // At 390 px the tag page and the post page fit the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const [name, path] of [
    ['tag-page', `/blog/tag/${slug}`],
    ['post-page', `/blog/${postId}`],
    ['editor', `/admin/blog/${postId}`],
  ] as const) {
    if (name === 'editor') await page.goto(`${base()}${path}`);
    else await openHydrated(page, path);
    if (name === 'editor') await expect(page.getByRole('button', { name: `Remove tag ${tag}` })).toBeVisible(SLOW);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(wide, `${name} scrolls sideways`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: info.outputPath(`${name}-390.png`), fullPage: name !== 'editor' });
  }
  // 401: the shell asking who is signed in before set-up; 404: the draft tag page asked for.
  expect(errors.filter((e) => !/^error: Failed to load resource: the server responded with a status of (401|404)\b/.test(e))).toEqual([]);
});
