import { randomBytes } from 'node:crypto';
import { expect } from '@playwright/test';
import { axe, intoConsole, openByAddress } from './admin-helpers';
import { test } from './fixtures';
import { base, openHydrated } from './helpers';

// Links in the console's rich-text editor: the Link button and Ctrl+K open
// a dialog of the console's own (not the browser's prompt) that says what
// is wrong with an address, adds https:// to a bare web address, edits and
// removes the link under the cursor; the published post links there.

const SLOW = { timeout: 20_000 };

test('an editor adds, edits and removes links through the link dialog, and the post links there', async ({ page, request }) => {
  test.setTimeout(120_000);
  const id = randomBytes(4).toString('hex');
  const title = `Links that help readers ${id}`;
  await intoConsole(page, 'editor', 'linker');
  await openByAddress(page, 'blog/new', 'New post');
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Description', { exact: true }).fill('Where to read more, linked from the text.');
  const content = page.getByRole('textbox', { name: 'Content' });
  await content.click();
  await page.getByRole('button', { name: 'Heading 2' }).click();
  await content.pressSequentially('Read more');
  await content.press('Enter');
  await content.pressSequentially('See ');

  // Nothing selected: the dialog asks for the text too, and says what is missing.
  await page.getByRole('button', { name: 'Link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add link' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Text to show' })).toBeFocused();
  expect(await axe(page, 'link dialog')).toEqual([]);
  await dialog.getByRole('button', { name: 'Add link' }).click();
  await expect(dialog.getByText('Enter the text to show for the link.')).toBeVisible();
  await expect(dialog.getByText('Enter the address to link to.')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Text to show' })).toBeFocused();
  await page.keyboard.type('our guide');
  await dialog.getByRole('textbox', { name: /^Link address/ }).fill('javascript:alert(1)');
  await dialog.getByRole('button', { name: 'Add link' }).click();
  await expect(dialog.getByText('Use an address starting with https://, http:// or mailto:.')).toBeVisible();
  await dialog.getByRole('textbox', { name: /^Link address/ }).fill(`example.com/guide-${id}`);
  await dialog.getByRole('button', { name: 'Add link' }).click();
  await expect(dialog).toBeHidden();
  await expect(content.getByRole('link', { name: 'our guide' })).toHaveAttribute('href', `https://example.com/guide-${id}`);
  await expect(content).toBeFocused();

  // Ctrl+K on the link edits it; Escape leaves it as it was.
  await content.getByRole('link', { name: 'our guide' }).click();
  await page.keyboard.press('Control+k');
  const edit = page.getByRole('dialog', { name: 'Edit link' });
  await expect(edit.getByRole('textbox', { name: /^Link address/ })).toHaveValue(`https://example.com/guide-${id}`);
  await page.keyboard.press('Escape');
  await expect(edit).toBeHidden();
  await expect(content).toBeFocused();
  await page.keyboard.press('Control+k');
  await edit.getByRole('textbox', { name: /^Link address/ }).fill(`https://example.org/guide-${id}`);
  await edit.getByRole('button', { name: 'Save link' }).click();
  await expect(content.getByRole('link', { name: 'our guide' })).toHaveAttribute('href', `https://example.org/guide-${id}`);
  // Back in the text with the cursor after the link, nothing selected: what
  // is typed next does not replace the link's text.
  await expect(content).toBeFocused();
  await expect.poll(() => page.evaluate(() => document.getSelection()?.isCollapsed)).toBe(true);

  // A second link, made from selected text, then removed.
  await content.press('End');
  await content.pressSequentially(' or write to us');
  for (let i = 0; i < 'write to us'.length; i++) await content.press('Shift+ArrowLeft');
  await page.getByRole('button', { name: 'Link' }).click();
  const add = page.getByRole('dialog', { name: 'Add link' });
  await expect(add.getByRole('textbox', { name: 'Text to show' })).toHaveCount(0);
  await add.getByRole('textbox', { name: /^Link address/ }).fill('hr@example.com');
  await add.getByRole('button', { name: 'Add link' }).click();
  await expect(content.getByRole('link', { name: 'write to us' })).toHaveAttribute('href', 'mailto:hr@example.com');
  await page.getByRole('button', { name: 'Link' }).click();
  await page.getByRole('dialog', { name: 'Edit link' }).getByRole('button', { name: 'Remove link' }).click();
  await expect(content.getByRole('link', { name: 'write to us' })).toHaveCount(0);
  await expect(content).toContainText('See our guide or write to us');

  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved.' })).toBeVisible(SLOW);
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Published. The post is on the blog now.' })).toBeVisible(SLOW);
  const postId = /\/admin\/blog\/([^/?#]+)$/.exec(page.url())?.[1];
  expect(postId, page.url()).toBeTruthy();
  expect((await request.get(`${base()}/blog/${postId}`)).status()).toBe(200);
  await openHydrated(page, `/blog/${postId}`);
  await expect(page.getByRole('link', { name: 'our guide' })).toHaveAttribute('href', `https://example.org/guide-${id}`);
});
