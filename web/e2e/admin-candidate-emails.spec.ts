// Candidate e-mails from the pipeline, in Chromium against the running
// site: a recruiter edits the interview invitation, sees the server's
// preview as they type, moves an application to Interview with "Notify
// the candidate" ticked, and an admin finds the e-mail in the outbox
// (the Mail screen). axe checks the screens at 1280 px.
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { axe, consoleContext, expect, intoConsole, openByAddress, sendApplication, unexpectedErrors } from './admin-helpers';
import { test } from './fixtures';
import { openJobs, watchErrors } from './helpers';

/** Sends an application as a person does, through the public API; returns its reference. */
async function apply(page: Page, email: string): Promise<string> {
  const [job] = await openJobs(page.request);
  return (await sendApplication(page.request, job!.id, { email, elapsedMs: 600_000 })).reference;
}

test('a recruiter edits the interview e-mail, previews it and sends it with a status change', { tag: '@desktop-only' }, async ({ page, browser }, info) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  const found: string[] = [];
  const tag = randomBytes(4).toString('hex');
  const email = `candidate-${tag}@example.com`;
  const reference = await apply(page, email);
  await intoConsole(page, 'recruiter', 'candidate-emails');

  // Edit the interview invitation; the preview follows the text.
  await openByAddress(page, 'candidate-emails', 'Candidate e-mails');
  await expect(page.getByRole('heading', { name: 'Interview invitation' })).toBeVisible();
  found.push(...(await axe(page, 'the candidate e-mails')));
  await page.getByRole('button', { name: 'Edit the interview invitation e-mail' }).click();
  const subject = page.getByLabel('Subject');
  await subject.fill(`Interview ${tag}: {job_title} ({reference})`);
  const text = page.getByLabel('Text');
  await text.fill('Dear {first_name},\n\nWe would like to meet you.\n\n{status_link}');
  await expect(page.getByTestId('preview-subject')).toHaveText(/^Interview [0-9a-f]{8}: .+ \(APP-SAMPLE23\)$/);
  await expect(page.getByTestId('preview-text')).toContainText('Dear Priya,');
  // An unknown placeholder is named, and the preview waits for a fix.
  await text.fill('Dear {name},\n\n{status_link}');
  await expect(page.getByText('Unknown placeholder {name}: use {first_name}, {job_title}, {reference} or {status_link}.')).toBeVisible();
  found.push(...(await axe(page, 'the interview e-mail being edited')));
  await text.fill('Dear {first_name},\n\nWe would like to meet you.\n\n{status_link}');
  await expect(page.getByTestId('preview-text')).toContainText('We would like to meet you.');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status')).toHaveText('Saved the interview invitation e-mail.');

  // Move the application to Interview, notifying the candidate (ticked by default).
  await openByAddress(page, 'applications', 'Applications');
  await page.getByLabel('Search name, e-mail or reference').fill(reference);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('table').getByRole('link', { name: reference, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Application ${reference}` })).toBeVisible();
  await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption('interview');
  await expect(page.getByLabel('Notify the candidate')).toBeChecked();
  await expect(page.getByText(`E-mail: “Interview ${tag}: {job_title} ({reference})”`)).toBeVisible();
  found.push(...(await axe(page, 'the status change with notify')));
  await page.getByRole('button', { name: 'Update status' }).click();
  await expect(page.getByText('Status updated to Interview. The candidate will be e-mailed.')).toBeVisible();

  // An admin sees the e-mail in the outbox.
  const context = await consoleContext(browser, info, 'admin', 'candidate-emails-mail');
  const { page: admin, errors: adminErrors } = context;
  await openByAddress(admin, 'mail', 'Mail');
  const mail = admin.getByRole('row').filter({ hasText: `Interview ${tag}:` });
  await expect(mail).toHaveCount(1);
  await expect(mail).toContainText(email);
  await expect(mail).toContainText(`(${reference})`);
  await context.close();

  expect(found).toEqual([]);
  expect(unexpectedErrors(errors, [401, 422])).toEqual([]);
  expect(unexpectedErrors(adminErrors, [401, 422])).toEqual([]);
});
