// Contact messages answered in the console, in Chromium at 1280 px against
// the running site: a visitor sends a message with the public form; an
// editor's dashboard leads to the unassigned messages, a search by a word
// of its text finds it, the editor assigns it to themself, adds a note and
// replies; the reply is in the message's thread with its e-mail's status,
// and the .eml the site wrote goes to the visitor with Reply-To the company
// mailbox and their message quoted. A recruiter's dashboard shows their
// own attention cards and no messages. axe checks every screen; the message
// and the dashboard are also shot at 390 px.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { axe, consoleContext, expect, intoConsole, openByAddress, sendApplication, unexpectedErrors } from './admin-helpers';
import { test } from './fixtures';
import { emailFor, mailsTo, openHydrated, openJobs, watchErrors } from './helpers';

/** The company mailbox: the site's e-mail address, where answers to replies arrive. */
const mailbox = (JSON.parse(readFileSync(resolve(import.meta.dirname, '../../content/site.json'), 'utf8')) as { email: string }).email;

test('a contact message is found, assigned, noted and answered from the console', { tag: '@desktop-only' }, async ({ page, browser }, info) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  const found: string[] = [];
  const word = `zq${randomBytes(4).toString('hex')}`;
  const visitor = emailFor(info, 'visitor');
  const subject = `Clinic portal ${word}`;

  // The visitor's message, from the public form. The form takes a message
  // filled in faster than a person could as spam: the page's clock is
  // moved on instead of waiting.
  await page.clock.install();
  await openHydrated(page, '/contact-us');
  const fields: Record<string, string> = {
    Name: 'Asha Rao',
    'E-mail': visitor,
    Subject: subject,
    Message: `We would like to talk about a patient portal (${word}) for our three clinics.`,
  };
  for (const [label, value] of Object.entries(fields)) await page.getByLabel(label, { exact: true }).fill(value);
  await page.clock.fastForward(10_000);
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Message sent successfully!')).toBeVisible();

  // An editor's dashboard: what needs attention for them, messages included.
  const editor = await intoConsole(page, 'editor', 'messages');
  await openByAddress(page, '', 'Dashboard');
  const unassigned = page.getByRole('link', { name: /^Unassigned messages \d+$/ });
  await expect(unassigned).toBeVisible();
  expect(Number((await unassigned.textContent())!.replace(/\D+/g, ''))).toBeGreaterThanOrEqual(1);
  await expect(page.getByRole('link', { name: /^Comments held for review \d+$/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /^New applications/ })).toHaveCount(0);
  await expect(page.getByRole('figure')).toHaveCount(0); // the speed charts have a screen of their own
  found.push(...(await axe(page, "the editor's dashboard")));

  // The card leads to the unassigned messages; a search for a word of the text finds the message.
  await unassigned.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Assignment' }).getByRole('link', { name: 'Unassigned' })).toHaveAttribute('aria-current', 'page');
  await page.getByLabel('Search name, e-mail, subject or text').fill(word.toUpperCase());
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(`Inbox: 1 message matching “${word.toUpperCase()}”`);
  const row = page.getByRole('table').getByRole('row').filter({ hasText: visitor });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('No one');
  found.push(...(await axe(page, 'messages searched')));

  // Assigned to the editor.
  await row.getByRole('link', { name: subject }).click();
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  await expect(page.locator('a[href^="mailto:"]')).toHaveCount(0);
  found.push(...(await axe(page, 'a message')));
  await page.getByRole('button', { name: 'Assign to me' }).click();
  await expect(page.getByText(`Assigned to ${editor.name}.`)).toBeVisible();
  await expect(page.getByLabel('Assigned to', { exact: true })).toHaveValue(/.+/);

  // A note, for staff only.
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByText('Write the note before adding it.')).toBeVisible();
  await page.getByLabel('Note', { exact: true }).fill('Called Asha: they want a quote by Friday.');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByText('Note added.')).toBeVisible();
  const thread = page.getByRole('region', { name: 'Notes and replies' });
  await expect(thread.getByRole('listitem')).toHaveCount(1);
  await expect(thread.getByRole('listitem').first()).toContainText(`Note by ${editor.name}`);
  await expect(thread.getByRole('listitem').first()).toContainText('(staff only)Called Asha: they want a quote by Friday.');

  // The reply: a blank text is refused and nothing is sent; the subject defaults to "Re: theirs".
  await expect(page.getByLabel('Subject', { exact: true })).toHaveValue(`Re: ${subject}`);
  await expect(page.getByText(`when they answer, their e-mail arrives in the company mailbox (${mailbox})`)).toBeVisible();
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByText('Write the reply before sending it.').first()).toBeVisible();
  await expect(page.getByLabel('Reply', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  found.push(...(await axe(page, 'a reply refused')));
  const reply = `Dear Asha,\nThank you for writing. We can start in May. (${word})`;
  await page.getByLabel('Reply', { exact: true }).fill(reply);
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByText(`Reply queued to ${visitor}. You can follow it in the thread above.`)).toBeVisible();
  const sent = thread.getByRole('listitem').nth(1);
  await expect(sent).toContainText(`Reply by ${editor.name}`);
  await expect(sent).toContainText(`E-mailed to ${visitor} from the site, subject “Re: ${subject}”. E-mail:`);
  await expect(sent).toContainText(`Their answer goes to the company mailbox (${mailbox}), not to this console.`);
  await expect(page.getByLabel('Reply', { exact: true })).toHaveValue('');
  found.push(...(await axe(page, 'a message answered')));
  await page.screenshot({ path: info.outputPath('message-1280.png'), fullPage: true });

  // The reply left through the outbox: one e-mail to the visitor, answers to the company mailbox.
  await expect.poll(() => mailsTo(visitor, `Re: ${subject}`).length, { message: 'the reply e-mail', timeout: 15_000 }).toBe(1);
  const mail = mailsTo(visitor, `Re: ${subject}`)[0]!;
  const head = mail.slice(0, mail.search(/\r?\n\r?\n/));
  expect(head).toMatch(new RegExp(`^Reply-To: .*${mailbox.replace('.', '\\.')}`, 'm'));
  expect(mail).toContain('We can start in May.');
  expect(mail).toContain(`> We would like to talk about a patient portal (${word}) for our three clinics.`);
  // …and the thread says so once the sender has sent it.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('region', { name: 'Notes and replies' }).getByRole('listitem').nth(1)).toContainText('E-mail: Sent.', { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });

  // Assigned to me: the message is listed there.
  await openByAddress(page, `messages?assigned=me&q=${word}`, 'Messages');
  await expect(page.getByRole('table').getByRole('row').filter({ hasText: visitor })).toContainText(editor.name);

  // At 390 px: the message and the dashboard, looked at by screenshot.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: info.outputPath('messages-390.png'), fullPage: true });
  await page.getByRole('table').getByRole('link', { name: subject }).click();
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  await page.screenshot({ path: info.outputPath('message-390.png'), fullPage: true });
  await openByAddress(page, '', 'Dashboard');
  await page.screenshot({ path: info.outputPath('dashboard-editor-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // A recruiter's dashboard: their cards, a new application first, no messages.
  const [job] = await openJobs(page.request);
  await sendApplication(page.request, job!.id, { email: emailFor(info, 'applicant') });
  const recruiter = await consoleContext(browser, info, 'recruiter', 'messages-dashboard');
  await openByAddress(recruiter.page, '', 'Dashboard');
  const fresh = recruiter.page.getByRole('link', { name: /^New applications \d+$/ });
  await expect(fresh).toHaveAttribute('href', '/admin/applications?status=new');
  expect(Number((await fresh.textContent())!.replace(/\D+/g, ''))).toBeGreaterThanOrEqual(1);
  await expect(recruiter.page.getByText(/^\d of 2 lists? ha(s|ve) something waiting\.$/)).toBeVisible();
  await expect(recruiter.page.getByRole('link', { name: /^Suspected spam to review \d+$/ })).toBeVisible();
  await expect(recruiter.page.getByRole('link', { name: /messages/ })).toHaveCount(0);
  await expect(recruiter.page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Real-user speed' })).toHaveCount(0);
  found.push(...(await axe(recruiter.page, "the recruiter's dashboard")));
  await recruiter.page.screenshot({ path: info.outputPath('dashboard-recruiter-1280.png'), fullPage: true });
  await recruiter.close();

  // The speed charts, on their own screen for the editor.
  await openByAddress(page, 'speed', 'Real-user speed (last 28 days)');
  found.push(...(await axe(page, 'real-user speed')));

  expect(found).toEqual([]);
  expect(unexpectedErrors(errors, [401, 422])).toEqual([]);
  expect(unexpectedErrors(recruiter.errors)).toEqual([]);
});
