import { randomBytes } from 'node:crypto';
import { expect } from '@playwright/test';
import { axe, intoConsole, openByAddress } from './admin-helpers';
import { pngFile } from './files';
import { test } from './fixtures';
import { openHydrated } from './helpers';

// Pictures in a post's text: the editor's Image button opens a dialog
// that asks for the file and its alt text (and a caption), uploads the
// picture (also into a post not saved yet) and inserts it; the published
// post offers it in every stored width and format.

const SLOW = { timeout: 20_000 };

test('an editor inserts a picture with alt text and a caption, publishes, and the post shows it with srcset', { tag: '@desktop-only' }, async ({ page }) => {
  test.setTimeout(180_000);
  const id = randomBytes(4).toString('hex');
  await intoConsole(page, 'editor', 'imager');
  await openByAddress(page, 'blog/new', 'New post');
  await page.getByLabel('Title', { exact: true }).fill(`Our new office ${id}`);
  await page.getByLabel('Description', { exact: true }).fill('A look around the new office, in pictures.');
  const content = page.getByRole('textbox', { name: 'Content' });
  await content.click();
  await content.pressSequentially('We moved. Here is the view.');
  await content.press('Enter');

  await page.getByRole('button', { name: 'Image', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Insert image' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Image file')).toBeFocused();
  expect(await axe(page, 'image dialog')).toEqual([]);
  await dialog.getByLabel('Image file').setInputFiles(pngFile('harbour.png', 1800, 1000));
  // Without alt text nothing is uploaded: the dialog says what is missing.
  await dialog.getByRole('button', { name: 'Insert image' }).click();
  const altError = dialog.getByText('Enter the alt text: describe what the image shows for people who cannot see it.');
  await expect(altError).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: /^Alt text/ })).toBeFocused();
  expect(await axe(page, 'image dialog with an error')).toEqual([]);
  await page.keyboard.type(`The harbour seen from the office ${id}`);
  await dialog.getByRole('textbox', { name: 'Caption (optional)' }).fill('The view from the fourth floor');
  await dialog.getByRole('button', { name: 'Insert image' }).click();
  await expect(dialog).toBeHidden({ timeout: 90_000 }); // encoding takes a while on a busy machine
  await expect(content).toBeFocused();
  const inEditor = content.getByRole('img', { name: `The harbour seen from the office ${id}` });
  await expect(inEditor).toHaveAttribute('src', /^\/covers\/post-image-[a-z0-9-]+-1600\.jpg$/);
  await expect(content.locator('figcaption')).toHaveText('The view from the fourth floor');

  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved.' })).toBeVisible(SLOW);
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Published. The post is on the blog now.' })).toBeVisible(SLOW);
  const postId = /\/admin\/blog\/([^/?#]+)$/.exec(page.url())?.[1];
  expect(postId, page.url()).toBeTruthy();

  await openHydrated(page, `/blog/${postId}`);
  const img = page.getByRole('img', { name: `The harbour seen from the office ${id}` });
  await img.scrollIntoViewIfNeeded();
  await expect(img).toHaveJSProperty('complete', true);
  await expect(img).toHaveAttribute('srcset', /-480\.jpg 480w, \S+-960\.jpg 960w, \S+-1600\.jpg 1600w$/);
  await expect(img).toHaveAttribute('width', '1600');
  await expect(img).toHaveAttribute('height', '889');
  const shown = await img.evaluate((el: HTMLImageElement) => ({ src: el.currentSrc, natural: el.naturalWidth, width: el.getBoundingClientRect().width }));
  // Chromium takes the WebP <source>, in a width the column needs.
  expect(shown.src).toMatch(/\/covers\/post-image-[a-z0-9-]+-(480|960|1600)\.webp$/);
  expect(shown.natural).toBeGreaterThan(0);
  expect(shown.width).toBeLessThanOrEqual(800);
  await expect(page.locator('figure figcaption').filter({ hasText: 'The view from the fourth floor' })).toBeVisible();
  expect(await axe(page, 'post with a picture')).toEqual([]);
});

test('the editor with its image dialog fits a phone', { tag: '@phone-only' }, async ({ page }) => {
  await intoConsole(page, 'editor', 'imager-phone');
  await openByAddress(page, 'blog/new', 'New post');
  await page.getByRole('button', { name: 'Image', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Insert image' });
  await expect(dialog).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390, JSON.stringify(box)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('textbox', { name: 'Content' })).toBeFocused();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
});
