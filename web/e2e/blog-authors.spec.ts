// Authors of blog posts, end to end: an editor sets a public profile with
// a photo on the account page, is the author of a new post by default in
// the editor, publishes it, and the post's page shows the photo, name and
// bio, and names them as a Person in its structured data. The account
// page and the editor have no axe violations at 1280 px and fit 390 px.
import { randomBytes } from 'node:crypto';
import { axe, expect, intoConsole } from './admin-helpers';
import { pngFile } from './files';
import { test } from './fixtures';
import { base, openHydrated, watchErrors } from './helpers';

/** Generous: two Playwright runs share two cores. */
const SLOW = { timeout: 20_000 };

test('an editor sets a profile with a photo, writes a post as its author, and the post shows them', { tag: '@desktop-only' }, async ({ page }, info) => {
  test.setTimeout(150_000);
  const errors = watchErrors(page);
  const id = randomBytes(4).toString('hex');
  const name = `Asha Rao ${id}`;
  const bio = `Writes about cloud bills, ${id}.`;
  const title = `Who pays for the cloud ${id}`;
  await intoConsole(page, 'editor', 'authors-editor');

  // The profile: a name, a bio, then a photo.
  await page.goto(`${base()}/admin/account`);
  const profile = page.getByRole('region', { name: 'Public profile' });
  await expect(profile.getByLabel('Display name')).toBeVisible(SLOW);
  await profile.getByLabel('Display name').fill(name);
  await profile.getByLabel('Bio').fill(bio);
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(profile.getByRole('status')).toHaveText('Your profile is saved. Your posts show it now.', SLOW);
  await profile.getByLabel('Upload a photo').setInputFiles(pngFile('me.png', 600, 400));
  await profile.getByRole('button', { name: 'Upload photo' }).click();
  await expect(profile.getByRole('status')).toHaveText('Your photo is uploaded.', SLOW);
  await expect(profile.getByRole('img', { name: 'Your current photo' })).toHaveAttribute('src', /^\/photos\/.+-96\.jpg$/);
  expect(await axe(page, 'the account page with a profile')).toEqual([]);

  // A new post is theirs; they publish it.
  await page.goto(`${base()}/admin/blog/new`);
  await expect(page.getByRole('heading', { level: 1, name: 'New post' })).toBeVisible(SLOW);
  const author = page.getByLabel('Author', { exact: true });
  await expect(author.locator('option:checked')).toHaveText(`${name} (you)`, SLOW);
  await page.getByLabel('Title', { exact: true }).fill(title);
  const content = page.getByRole('textbox', { name: 'Content' });
  await content.click();
  await content.pressSequentially(`Bills explained, ${id}.`);
  expect(await axe(page, 'the post editor with an author')).toEqual([]);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved.' })).toBeVisible(SLOW);
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Published. The post is on the blog now.' })).toBeVisible(SLOW);
  const postId = /\/admin\/blog\/([^/?#]+)$/.exec(page.url())?.[1];
  expect(postId, page.url()).toBeTruthy();

  // The public post: byline, photo, name and bio; BlogPosting's Person.
  await openHydrated(page, `/blog/${postId}`);
  await expect(page.getByText(`By ${name}`)).toBeVisible();
  const box = page.getByRole('complementary', { name: 'About the author' });
  await expect(box.getByText(name, { exact: true })).toBeVisible();
  await expect(box.getByText(bio)).toBeVisible();
  const photo = box.getByRole('img', { name });
  await expect(photo).toHaveAttribute('width', '96');
  await expect(photo).toHaveAttribute('height', '96');
  await expect(photo).toHaveAttribute('srcset', /-96\.jpg 96w, .+-192\.jpg 192w, .+-384\.jpg 384w$/);
  await photo.scrollIntoViewIfNeeded();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
  const posting = ld.map((s) => JSON.parse(s) as Record<string, unknown>).find((x) => x['@type'] === 'BlogPosting');
  expect(posting?.author).toMatchObject({ '@type': 'Person', name, description: bio, image: expect.stringMatching(/^https?:\/\/.+\/photos\/.+-384\.jpg$/) });
  expect(await axe(page, 'the post with its author')).toEqual([]);
  await page.screenshot({ path: info.outputPath('post-1280.png'), fullPage: true });

  // At 390 px the account page, the editor and the post fit the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const [shot, path] of [
    ['account', '/admin/account'],
    ['editor', `/admin/blog/${postId}`],
    ['post', `/blog/${postId}`],
  ] as const) {
    if (shot === 'post') await openHydrated(page, path);
    else await page.goto(`${base()}${path}`);
    if (shot === 'account') await expect(page.getByLabel('Display name')).toHaveValue(name, SLOW);
    if (shot === 'editor') await expect(page.getByLabel('Author', { exact: true }).locator('option:checked')).toHaveText(`${name} (you)`, SLOW);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(wide, `${shot} scrolls sideways`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: info.outputPath(`${shot}-390.png`), fullPage: true });
  }
  // 401: the shell asking who is signed in before set-up.
  expect(errors.filter((e) => !/^error: Failed to load resource: the server responded with a status of 401\b/.test(e))).toEqual([]);
});
