// A job's board in the staff console, in Chromium against the running
// site at 390 and 1280 px: a recruiter opens it from the jobs list (which
// counts the job's applications), moves an application's card with the
// keyboard alone, and sees the counts follow, focus stay on the card, the
// move announced, the interview invitation e-mailed (the .eml the site
// wrote) and the application's status changed; at 1280 px a mouse drags it
// on to another stage. axe checks the jobs list and the board before and
// after the move.
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { axe, expect, intoConsole, sendApplication } from './admin-helpers';
import { test } from './fixtures';
import { pdfFile, pngFile } from './files';
import { base, mailsTo, openJobs, watchErrors } from './helpers';

/** Sends a real application (not spam) for job through the public API; returns its reference. */
async function apply(page: Page, jobId: string, email: string): Promise<string> {
  const { reference } = await sendApplication(
    page.request,
    jobId,
    { email, address: '4 Temple Street, Kochi' },
    { resume: pdfFile('kavya-nair-cv.pdf'), nationalIdDocument: pngFile('pan-card.png') },
  );
  return reference;
}

/** The count a column's heading shows: "Interview (3)" → 3. */
async function countOf(page: Page, stage: string): Promise<number> {
  const text = await page.getByRole('heading', { level: 2, name: new RegExp(`^${stage} \\(\\d+\\)$`) }).textContent();
  return Number(/\((\d+)\)/.exec(text ?? '')![1]);
}

test('a recruiter opens a job’s board from the jobs list and moves a card by keyboard', async ({ page }, info) => {
  test.setTimeout(120_000);
  const found: string[] = [];
  // The last open job: other tests apply for the first.
  const jobs = await openJobs(page.request);
  const job = jobs[jobs.length - 1]!;
  const email = `board-${randomBytes(4).toString('hex')}@example.com`;
  const reference = await apply(page, job.id, email);

  await intoConsole(page, 'recruiter', 'board');
  // From here on (signing in asks for a session first, a 401), no errors.
  const errors = watchErrors(page);

  // The jobs list counts the job's applications and leads to its board.
  await page.goto(`${base()}/admin/jobs`);
  await expect(page.getByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible();
  const title = job.jobTitle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const fresh = page.getByRole('link', { name: new RegExp(`^\\d+ new for ${title}$`) });
  await expect(fresh).toBeVisible();
  expect(Number(/^\d+/.exec((await fresh.textContent()) ?? '')?.[0])).toBeGreaterThanOrEqual(1);
  await expect(page.getByRole('link', { name: new RegExp(`^\\d+ in all for ${title}$`) })).toBeVisible();
  found.push(...(await axe(page, 'the jobs list with counts')));
  await page.screenshot({ path: info.outputPath(`jobs-${info.project.name}.png`), fullPage: true });
  await page.getByRole('link', { name: `Board of ${job.jobTitle}`, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Board: ${job.jobTitle}` })).toBeVisible();

  const card = page.locator(`li[data-card="${reference}"]`);
  await expect(card).toBeVisible();
  await expect(page.locator('section[data-stage="new"]').locator(`li[data-card="${reference}"]`)).toHaveCount(1);
  const newBefore = await countOf(page, 'New');
  const interviewBefore = await countOf(page, 'Interview');
  found.push(...(await axe(page, 'the board')));
  await page.screenshot({ path: info.outputPath(`board-before-${info.project.name}.png`), fullPage: true });

  // The keyboard alone: focus the card's "Move to", type to choose Interview, Tab to Move, Enter.
  await card.getByLabel(`Move to (for ${reference})`).focus();
  await page.keyboard.press('i');
  await expect(card.getByLabel(`Move to (for ${reference})`)).toHaveValue('interview');
  await page.keyboard.press('Tab');
  await expect(card.getByRole('button', { name: `Move ${reference}` })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page.getByTestId('board-status')).toHaveText(`Moved ${reference} to Interview.`);
  const moved = page.locator('section[data-stage="interview"]').locator(`li[data-card="${reference}"]`);
  await expect(moved).toBeFocused();
  expect(await countOf(page, 'New')).toBe(newBefore - 1);
  expect(await countOf(page, 'Interview')).toBe(interviewBefore + 1);
  found.push(...(await axe(page, 'the board after a move')));
  // "E-mail the candidate when moved to Interview or Rejected" is ticked by
  // default: the interview invitation was written (text and HTML), after
  // the confirmation. Its words are the template's, which other tests edit.
  await expect.poll(() => mailsTo(email).length, { timeout: 10_000 }).toBe(2);
  const [confirmation, invitation] = mailsTo(email);
  expect(confirmation).toContain(`Subject: Your application for ${job.jobTitle} (${reference})`);
  expect(invitation).toMatch(/Content-Type: multipart\/alternative/);
  expect(invitation).toMatch(/Content-Type: text\/html/);
  await page.screenshot({ path: info.outputPath(`board-after-${info.project.name}.png`), fullPage: true });

  let stage = 'Interview';
  if (info.project.name === 'desktop') {
    // With a mouse: drag the card on to Offer.
    const offerBefore = await countOf(page, 'Offer');
    await moved.dragTo(page.locator('section[data-stage="offer"]'));
    await expect(page.getByTestId('board-status')).toHaveText(`Moved ${reference} to Offer.`);
    await expect(page.locator('section[data-stage="offer"]').locator(`li[data-card="${reference}"]`)).toBeFocused();
    expect(await countOf(page, 'Interview')).toBe(interviewBefore);
    expect(await countOf(page, 'Offer')).toBe(offerBefore + 1);
    stage = 'Offer';
    // A move to Offer e-mails no one.
    expect(mailsTo(email)).toHaveLength(2);
  }

  // The server has it: a fresh board shows the card there, and the application's page says so.
  await page.reload();
  const there = page.locator(`section[data-stage="${stage.toLowerCase()}"]`).locator(`li[data-card="${reference}"]`);
  await expect(there).toBeVisible();
  await there.getByRole('link', { name: 'Kavya Nair' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Application ${reference}` })).toBeVisible();
  await expect(page.getByText(new RegExp(`^${stage} since `))).toBeVisible();

  expect(found).toEqual([]);
  expect(errors).toEqual([]);
});
