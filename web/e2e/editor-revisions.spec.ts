import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { axe, consoleContext, expect, intoConsole, settled } from './admin-helpers';
import { test } from './fixtures';
import { base, openHydrated, watchErrors } from './helpers';

// The console's editor as writers expect it, at 1280 px against the
// running site: a post that opens with an introduction, two editors saving
// the same post, revisions restored, a job duplicated. Each test makes its
// own accounts and content (unique titles), so tests run in any order.

let pageErrors: string[] = [];
test.beforeEach(({ page }) => {
  pageErrors = watchErrors(page);
});
test.afterEach(() => {
  // 401: the shell asking who is signed in before set-up; 409: the
  // conflicting save these tests make on purpose.
  expect(pageErrors.filter((e) => !/^error: Failed to load resource: the server responded with a status of (401|409)\b/.test(e))).toEqual([]);
});

const SLOW = { timeout: 20_000 };
const uid = () => randomBytes(4).toString('hex');

/** Writes a new post's title and content (an introduction, then sections) and saves it as a draft; returns its ID. */
async function newPost(page: Page, title: string, intro: string, sections: [string, string][]): Promise<string> {
  await page.goto(`${base()}/admin/blog/new`);
  await expect(page.getByRole('heading', { level: 1, name: 'New post' })).toBeVisible(SLOW);
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Description', { exact: true }).fill('What changed, and why.');
  const content = page.getByRole('textbox', { name: 'Content' });
  await content.click();
  await content.pressSequentially(intro);
  for (const [heading, body] of sections) {
    await content.press('Enter');
    await page.getByRole('button', { name: 'Heading 2' }).click();
    await content.pressSequentially(heading);
    await content.press('Enter');
    await content.pressSequentially(body);
  }
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved.' })).toBeVisible(SLOW);
  await expect(page.getByRole('heading', { level: 1, name: `Edit post: ${title}` })).toBeVisible();
  const id = /\/admin\/blog\/([^/?#]+)$/.exec(page.url())?.[1];
  expect(id, page.url()).toBeTruthy();
  return id!;
}

test('a post that opens with an introduction publishes, and its page shows the introduction as the first slide', { tag: '@desktop-only' }, async ({ page }) => {
  test.setTimeout(120_000);
  const id = uid();
  const title = `Leaving the cupboard server ${id}`;
  const intro = `Why we moved, in one paragraph ${id}.`;
  await intoConsole(page, 'editor', 'intro writer');
  const postId = await newPost(page, title, intro, [
    ['Before', 'One server in a cupboard.'],
    ['After', 'Three regions and a quiet pager.'],
  ]);
  await expect(page.getByRole('textbox', { name: 'Content' }).getByRole('heading', { level: 2, name: 'Before' })).toBeVisible();

  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Published. The post is on the blog now.' })).toBeVisible(SLOW);
  expect(await axe(page, 'post editor')).toEqual([]);

  await openHydrated(page, `/blog/${postId}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const first = page.locator('[aria-roledescription="slide"]').first();
  await expect(first).toBeVisible();
  await expect(first).toHaveAccessibleName('1 of 3');
  await expect(first).toContainText(intro);
  await expect(first.getByRole('heading')).toHaveCount(0);
  await expect(page.getByText('One server in a cupboard.')).toBeHidden();
  expect(await axe(page, 'post page')).toEqual([]);
});

test('two editors save the same post: the second is shown who changed it, compares and keeps theirs; a revision is restored', { tag: '@desktop-only' }, async ({ page, browser }, info) => {
  test.setTimeout(180_000);
  const id = uid();
  const title = `Tide tables ${id}`;
  const first = await intoConsole(page, 'editor', 'first editor');
  const postId = await newPost(page, title, `Low water at noon ${id}.`, [['Readings', 'Taken hourly.']]);

  // The second editor opens the same post in a browser of their own.
  const other = await consoleContext(browser, info, 'editor', 'second editor');
  try {
    await other.page.goto(`${base()}/admin/blog/${postId}`);
    await expect(other.page.getByRole('heading', { level: 1, name: `Edit post: ${title}` })).toBeVisible(SLOW);
    await settled(other.page);

    // The first editor saves a change.
    await page.getByLabel('Title', { exact: true }).fill(`${title}, first`);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Draft saved.' })).toBeVisible(SLOW);

    // The second, based on the version before it, is refused and told who.
    await other.page.getByLabel('Title', { exact: true }).fill(`${title}, second`);
    await other.page.getByRole('button', { name: 'Save draft' }).click();
    const conflict = other.page.getByRole('region', { name: `${first.name} changed this post while you were editing` });
    await expect(conflict).toBeVisible(SLOW);
    await expect(other.page.getByRole('alert')).toContainText(`${first.name} changed this post on`);
    await expect(conflict.getByRole('listitem').filter({ hasText: 'Only in their version:' })).toContainText(`${title}, first`);
    await expect(conflict.getByRole('listitem').filter({ hasText: 'Only in your version:' })).toContainText(`${title}, second`);
    expect(await axe(other.page, 'save conflict')).toEqual([]);
    await other.page.screenshot({ path: info.outputPath('conflict.png'), fullPage: true });

    await conflict.getByRole('button', { name: 'Take their version' }).click();
    await expect(other.page.getByLabel('Title', { exact: true })).toHaveValue(`${title}, first`);
    await expect(other.page.getByRole('status').filter({ hasText: 'Their version is in the form now.' })).toBeVisible();
    expect(other.errors.filter((e) => !/status of (401|409)\b/.test(e))).toEqual([]);
  } finally {
    await other.close();
  }

  // The first editor restores the first version: a new save.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: `Edit post: ${title}, first` })).toBeVisible(SLOW);
  const table = page.getByRole('table', { name: 'Revisions, newest first' });
  await expect(table.getByRole('row')).toHaveCount(3); // the header, versions 2 and 1
  await expect(table.getByRole('row').nth(1)).toContainText('2 (current)');
  await expect(table.getByRole('row').nth(1)).toContainText(first.name);
  await table.getByRole('button', { name: 'Compare with current (version 1)' }).click();
  const compared = page.getByRole('region', { name: 'Version 1 compared with the current version (2)' });
  await expect(compared.getByRole('listitem').filter({ hasText: 'Only in version 1:' })).toContainText(title);
  expect(await axe(page, 'revisions')).toEqual([]);
  page.once('dialog', (d) => void d.accept());
  await compared.getByRole('button', { name: 'Restore version 1' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Version 1 restored as version 3.' })).toBeVisible(SLOW);
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
  await expect(table.getByRole('row')).toHaveCount(4);
  await expect(table.getByRole('row').nth(1)).toContainText('3 (current)');
});

test('a recruiter duplicates a job into a draft copy that opens in the editor', { tag: '@desktop-only' }, async ({ page }) => {
  test.setTimeout(120_000);
  const title = `Harbour pilot ${uid()}`;
  await intoConsole(page, 'recruiter', 'duplicating recruiter');
  await page.goto(`${base()}/admin/jobs/new`);
  await expect(page.getByRole('heading', { level: 1, name: 'New job' })).toBeVisible(SLOW);
  await page.getByLabel('Job title', { exact: true }).fill(title);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Edit job: ${title}` })).toBeVisible(SLOW);
  const original = page.url();

  await page.getByRole('button', { name: 'Duplicate' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Edit job: Copy of ${title}` })).toBeVisible(SLOW);
  expect(page.url()).not.toBe(original);
  await expect(page.getByRole('status').filter({ hasText: 'Duplicated. This is the copy, a draft' })).toBeVisible();
  await expect(page.getByText('Status: Draft')).toBeVisible();
  await expect(page.getByLabel('Job title', { exact: true })).toHaveValue(`Copy of ${title}`);
  await settled(page);
  expect(await axe(page, 'duplicated job')).toEqual([]);
});
