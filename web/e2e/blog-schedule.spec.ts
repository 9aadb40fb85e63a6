// Scheduled publishing of a blog post, in Chromium at 1280 px (and a look
// at 390 px): an editor schedules a draft a few minutes ahead in the
// site's zone (IST, named next to the field), a time in the past is
// refused at its field, the editor and the list say when it is scheduled
// for, the post stays off the blog, and `site posts publish-due --at`
// (the running site's step, at a given time) publishes it: it is on its
// page and on /blog afterwards. axe checks the editor on the way.
import { randomBytes } from 'node:crypto';
import { axe, expect, intoConsole, openScreen, site } from './admin-helpers';
import { test } from './fixtures';
import { base, watchErrors } from './helpers';

const SLOW = { timeout: 20_000 };
const ZONE = 'Asia/Kolkata';

/** t in the site's zone as a datetime-local field holds it: "2026-12-03T09:00". */
function local(t: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(t)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** t as the console says it: "3 December 2026, 09:00 IST". */
function words(t: Date): string {
  const day = new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, day: 'numeric', month: 'long', year: 'numeric' }).format(t);
  const time = new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(t);
  return `${day}, ${time} IST`;
}

test('an editor schedules a post, and the step at its time puts it on the blog', { tag: '@desktop-only' }, async ({ page, request }, info) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  const id = randomBytes(4).toString('hex');
  const title = `Our move to a four-day sprint ${id}`;
  await intoConsole(page, 'editor', 'scheduler');
  await openScreen(page, 'Blog');
  await page.getByRole('link', { name: 'New post' }).click();
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Description', { exact: true }).fill('What changed when we planned in shorter steps.');
  const content = page.getByRole('textbox', { name: 'Content' });
  await content.click();
  await page.getByRole('button', { name: 'Heading 2' }).click();
  await content.pressSequentially('Why we changed');
  await content.press('Enter');
  await content.pressSequentially(`Long sprints hid problems until late (${id}).`);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved.' })).toBeVisible(SLOW);
  const postId = /\/admin\/blog\/([^/?#]+)$/.exec(page.url())?.[1] ?? '';
  expect(postId, page.url()).not.toBe('');

  // The field, with the zone named next to it.
  const field = page.getByLabel('Publish at', { exact: true });
  await expect(field).toBeVisible();
  await expect(page.getByText('India Standard Time (UTC+05:30)')).toBeVisible();

  // A time already past is refused at the field, and nothing changes.
  await field.fill(local(new Date(Date.now() - 3_600_000)));
  await page.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Please correct the publishing time.', SLOW);
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Choose a time at least 1 minute from now.')).toBeVisible();
  await expect(field).toBeFocused();
  expect(await axe(page, 'editor with a refused time')).toEqual([]);

  // Three minutes ahead, to the minute.
  const at = new Date(Math.ceil((Date.now() + 3 * 60_000) / 60_000) * 60_000);
  await field.fill(local(at));
  await page.getByRole('button', { name: 'Schedule', exact: true }).click();
  const text = `Scheduled for ${words(at)}`;
  await expect(page.getByRole('status').filter({ hasText: `${text}. The post publishes itself then.` })).toBeVisible(SLOW);
  await expect(page.getByText(`Status: ${text}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reschedule' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unschedule' })).toBeVisible();
  expect(await axe(page, 'editor of a scheduled post')).toEqual([]);

  await page.getByRole('group', { name: 'Schedule' }).screenshot({ path: info.outputPath('schedule-editor-1280.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('group', { name: 'Schedule' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: info.outputPath('schedule-editor-390.png') });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('link', { name: 'Back to posts' }).click();
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText(text, SLOW);
  expect(await axe(page, 'post list')).toEqual([]);
  await page.screenshot({ path: info.outputPath('schedule-list-1280.png') });

  // Off the site until its time.
  expect((await request.get(`${base()}/blog/${postId}`)).status()).toBe(404);
  expect(site('posts', 'publish-due')).not.toContain(postId);
  expect((await request.get(`${base()}/blog/${postId}`)).status()).toBe(404);

  // The step at a minute past its time publishes it, once.
  const out = site('posts', 'publish-due', '--at', new Date(at.getTime() + 60_000).toISOString());
  expect(out).toContain(`Published post ${postId} (scheduled for ${words(at)} by Scheduler`);
  expect(site('posts', 'publish-due', '--at', new Date(at.getTime() + 60_000).toISOString())).not.toContain(postId);
  await expect.poll(async () => (await request.get(`${base()}/blog/${postId}`)).status(), SLOW).toBe(200);
  // Another process published it: the site's cached pages follow within seconds.
  await expect.poll(async () => (await request.get(`${base()}/blog`)).text(), SLOW).toContain(title);
  await page.goto(`${base()}/blog`);
  await expect(page.getByRole('link', { name: `Read More : ${title}` })).toBeVisible(SLOW);

  await page.goto(`${base()}/admin/blog/${postId}`);
  await expect(page.getByText('Status: Published')).toBeVisible(SLOW);
  await expect(page.getByLabel('Publish at', { exact: true })).toHaveCount(0);
  expect(errors.filter((e) => !/status of (401|404|422)\b/.test(e))).toEqual([]);
});
