import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';

/** The retention period the e2e site is configured with (--retention-days, global-setup). */
export const E2E_RETENTION_DAYS = 200;

/** The running site's origin (set by global-setup). */
export function base(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run through playwright.config.ts');
  return url;
}

export interface JobJSON {
  id: string;
  jobTitle: string;
  location: string;
  experience: string;
  description: string;
}

/** The open jobs of the demo content, from the JSON API. */
export async function openJobs(request: APIRequestContext): Promise<JobJSON[]> {
  const res = await request.get(`${base()}/api/jobs`);
  expect(res.status()).toBe(200);
  const jobs = (await res.json()) as JobJSON[];
  expect(jobs.length).toBeGreaterThanOrEqual(6);
  return jobs;
}

/** Collects console errors and uncaught exceptions of a page. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') errors.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  return errors;
}

/** Opens path and waits until React has hydrated it. */
export async function openHydrated(page: Page, path: string) {
  const res = await page.goto(`${base()}${path}`);
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
  return res;
}


/** An e-mail address no other test (or project, or repeat) uses. */
export function emailFor(info: TestInfo, tag = ''): string {
  const slug = `${info.project.name}-${info.testId}-${info.repeatEachIndex}${tag}`.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return `e2e-${slug}@example.com`;
}

/** A day about a month from now, in the form's YYYY-MM-DD. */
export function inAMonth(): string {
  return new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
}

/** Undoes quoted-printable encoding (mail bodies). */
export function unQP(s: string): string {
  return s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

/**
 * The mails the site wrote to address (their To) whose text has subject, oldest
 * first, quoted-printable undone. Without an SMTP server (as in e2e) the
 * outbox writes each message to <data-dir>/mail/<queued time>-<id>.eml
 * (the shared site's data folder unless dataDir names another).
 */
export function mailsTo(address: string, subject = '', dataDir = process.env.E2E_DATA_DIR!): string[] {
  const dir = join(dataDir, 'mail');
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((n) => n.endsWith('.eml'))
    .sort()
    // The body is quoted-printable; the headers are not (a token such as "=0F…" in one is itself).
    .map((n) => {
      const raw = readFileSync(join(dir, n), 'utf8');
      const end = raw.search(/\r?\n\r?\n/);
      return end < 0 ? raw : raw.slice(0, end) + unQP(raw.slice(end));
    })
    .filter((m) => {
      // The To header only: staff notifications name the applicant in Reply-To.
      const to = /^To: (.*)$/m.exec(m.slice(0, m.search(/\r?\n\r?\n/)))?.[1]?.trim() ?? '';
      return to === address || to.endsWith(`<${address}>`);
    })
    .filter((m) => m.includes(subject));
}

/** The applicant's status link in a mail ('' when there is none). */
export function statusLinkIn(mail: string): string {
  return /https?:\/\/\S+\/application-status#t=[A-Za-z0-9_-]{43}/.exec(mail)?.[0] ?? '';
}
