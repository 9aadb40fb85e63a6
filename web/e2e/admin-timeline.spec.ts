// A recruiter's view of one application, in Chromium against the running
// site at 1280 px and 390 px: the timeline near the top says it was
// received and that the recruiter opened it; a note added shows in it at
// once; the PDF resume previews in a dialog (pdf.js draws a canvas),
// which Escape closes, giving focus back. axe checks the page and the
// dialog. Screenshots are kept in test-results/artifacts.
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { addStaff, axe, expect, sendApplication, setUpAccount, unexpectedErrors } from './admin-helpers';
import { test } from './fixtures';
import { pdfFile, pngFile } from './files';
import { base, openJobs, watchErrors } from './helpers';

/** Sends an application through the public API; returns its reference. */
async function apply(page: Page, email: string): Promise<string> {
  const [job] = await openJobs(page.request);
  const { reference } = await sendApplication(
    page.request,
    job!.id,
    {
      firstName: 'Kavya', lastName: 'Menon', fullName: 'Kavya Menon', email, address: '4 Hill Street, Kochi',
      skills: ['Go'], coverLetter: 'I would like to join the platform team.', elapsedMs: 90_000,
    },
    { resume: pdfFile('cv.pdf', 'Kavya Menon: Curriculum vitae'), nationalIdDocument: pngFile('pan.png') },
  );
  return reference;
}

test('the timeline tells what happened, a note joins it, and the PDF resume previews', async ({ page }, info) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  const found: string[] = [];
  const email = `timeline-${randomBytes(4).toString('hex')}@example.com`;
  const reference = await apply(page, email);
  const { account, link } = addStaff('recruiter', `timeline-${info.project.name}`);
  await setUpAccount(page, link, account);

  await page.goto(`${base()}/admin/applications?q=${reference}`);
  await page.getByRole('table').getByRole('link', { name: reference, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Application ${reference}` })).toBeVisible();

  const timeline = page.getByRole('list', { name: 'Events, oldest first' });
  await expect(timeline.getByRole('listitem').first()).toContainText('Application received');
  await expect(timeline.getByRole('listitem').filter({ hasText: 'Opened' })).toContainText(account.email);
  await expect(timeline).toContainText(`E-mail to the applicant`);
  found.push(...(await axe(page, 'the application with its timeline')));

  // A note is added near the top and shows in the timeline.
  await page.getByLabel('Note', { exact: true }).fill('Strong Go answers.\nCall on Tuesday.');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(timeline.getByRole('listitem').last()).toContainText('Note: Strong Go answers.');
  await page.screenshot({ path: info.outputPath(`timeline-${info.project.name}.png`), fullPage: false });

  // The resume previews: pdf.js draws the page on a canvas.
  const preview = page.getByRole('button', { name: /^Preview\s*Resume$/ });
  await preview.scrollIntoViewIfNeeded();
  await preview.click();
  const dialog = page.getByRole('dialog', { name: 'Preview: Resume' });
  await expect(dialog.getByText('Page 1 of 1')).toBeVisible();
  const canvas = dialog.locator('canvas');
  await expect(canvas).toBeVisible();
  await expect.poll(async () => canvas.evaluate((c: HTMLCanvasElement) => c.width)).toBeGreaterThan(100);
  // Something was drawn: not every pixel is the same.
  await expect
    .poll(async () =>
      canvas.evaluate((c: HTMLCanvasElement) => {
        const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
        let dark = 0;
        for (let i = 0; i < data.length; i += 4) if (data[i]! < 128) dark++;
        return dark;
      }),
    )
    .toBeGreaterThan(20);
  found.push(...(await axe(page, 'the preview dialog')));
  await page.screenshot({ path: info.outputPath(`preview-${info.project.name}.png`), fullPage: false });
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(preview).toBeFocused();

  // The preview was a download, recorded as one: the timeline says so.
  await page.getByRole('button', { name: 'Add note' }).scrollIntoViewIfNeeded();
  await page.getByLabel('Note', { exact: true }).fill('Previewed.');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(timeline).toContainText('Downloaded the resume');

  expect(found).toEqual([]);
  // The console asks who is signed in before the sign-in: a 401.
  expect(unexpectedErrors(errors)).toEqual([]);
});
