// Staff console helpers for e2e: accounts are made with the real command
// line (bin/site staff add) against the running site's data folder, and
// signed in through the real screens; TOTP codes are computed here from
// the secret the set-up screen was given.
//
// TOTP steps: the server refuses a code whose 30-second step is not later
// than the last step the account used (enrolment uses one too), and
// accepts only the steps next to the current one. So an account can sign
// in with TOTP about once per 30 s: freshTotp (used by signIn) picks the
// next step the server will take and, when there is none yet, waits for
// the clock to reach one. Keep to one or two TOTP sign-ins per account per
// test, or use accounts without two-step sign-in where it is not the point.
import { execFileSync, spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, type APIRequestContext, type Browser, type Page, type TestInfo } from '@playwright/test';
import { CONSENT_VERSION } from '../src/gen/apply-rules';
import { clientAddressFor } from './fixtures';
import { pdfFile, pngFile, type TestFile } from './files';
import { freePort, serving } from './global-setup';
import { base, inAMonth, watchErrors } from './helpers';

/** Sign-in hashes passwords, which is slow on a loaded machine: console assertions wait longer than the default 5 s. */
export const expect = baseExpect.configure({ timeout: 15_000 });

export const bin = resolve(import.meta.dirname, '../../bin/site');

export type Role = 'admin' | 'recruiter' | 'editor';

export interface Account {
  email: string;
  name: string;
  role: Role;
  password: string;
  /** The TOTP secret (base32), once two-step sign-in is on. */
  secret?: string;
  recoveryCodes?: string[];
  /** The last TOTP step this account used (enrolment or sign-in); later codes must be from a later step. */
  lastStep?: number;
}

/** A running site other than the shared one (e.g. started with other flags). */
export interface SiteTarget {
  dataDir: string;
  baseURL: string;
}

/** The navigation labels of each role, in the console's order. */
export const navigationOf: Record<Role, readonly string[]> = {
  admin: ['Dashboard', 'Jobs', 'Locations and departments', 'Blog', 'Applications', 'Job alerts', 'Candidate e-mails', 'Messages', 'Comments', 'Real-user speed', 'Mail', 'Audit log', 'Staff'],
  recruiter: ['Dashboard', 'Jobs', 'Applications', 'Job alerts', 'Candidate e-mails'],
  editor: ['Dashboard', 'Blog', 'Messages', 'Comments', 'Real-user speed'],
};

export const NO_ACCESS = "You don't have access to this screen.";
export const SIGN_IN_FAILED = 'E-mail or password is incorrect.';
export const WRONG_CODE = 'The code is not right. Try again.';
/** A wrong code while setting up an authenticator (the set-up screen, a new authenticator, new recovery codes). */
export const WRONG_SETUP_CODE = "The code is not right. Check that your phone's clock is set automatically and enter the newest code shown.";
export const SESSION_ENDED = 'Your session has ended. Please sign in again.';

function sharedSite(): SiteTarget {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run through playwright.config.ts');
  return { dataDir, baseURL: base() };
}

/** Runs bin/site with args against target's data (the shared e2e site by default) and returns its output. */
export function siteAt(target: SiteTarget, ...args: string[]): string {
  try {
    return execFileSync(bin, [...args, '--data-dir', target.dataDir, '--base-url', target.baseURL], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (e) {
    const err = e as { status?: number; stdout?: string; stderr?: string };
    throw new Error(`bin/site ${args.join(' ')} failed (${err.status}):\n${err.stdout ?? ''}${err.stderr ?? ''}`);
  }
}

/** Runs bin/site with args against the e2e site's data and returns its output. */
export function site(...args: string[]): string {
  return siteAt(sharedSite(), ...args);
}

/**
 * Adds a member of staff with the command line; returns the set-up link it
 * printed (an absolute URL on target's base URL, token in the fragment).
 */
export function addStaff(role: Role, label: string, target: SiteTarget = sharedSite()): { account: Account; link: string } {
  const id = randomBytes(4).toString('hex');
  const slug = label.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'staff';
  const account: Account = {
    email: `${slug}-${id}@staff.example.com`,
    name: `${slug[0]!.toUpperCase()}${slug.slice(1)} ${id}`,
    role,
    password: `Quiet harbour ${id} lantern`,
  };
  const out = siteAt(target, 'staff', 'add', '--email', account.email, '--name', account.name, '--role', role);
  if (!out.includes(`<${account.email}> as ${role}.`)) throw new Error(`staff add did not confirm the account:\n${out}`);
  const links = out.match(/https?:\/\/[^\s#]+\/admin\/setup#[A-Za-z0-9_-]+/g) ?? [];
  if (links.length !== 1) throw new Error(`staff add printed ${links.length} set-up links:\n${out}`);
  const link = links[0]!;
  if (!link.startsWith(`${target.baseURL}/admin/setup#`)) throw new Error(`set-up link ${link} is not on ${target.baseURL}`);
  return { account, link };
}

const STEP_MS = 30_000;

/** The 30-second TOTP step at time at (ms). */
export function totpStep(at = Date.now()): number {
  return Math.floor(at / STEP_MS);
}

function decodeBase32(secret: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of secret.replace(/\s+/g, '').replace(/=+$/, '').toUpperCase()) {
    const v = alphabet.indexOf(c);
    if (v < 0) throw new Error(`not base32: ${c}`);
    bits += v.toString(2).padStart(5, '0');
  }
  const key = Buffer.alloc(Math.floor(bits.length / 8));
  for (let i = 0; i < key.length; i++) key[i] = parseInt(bits.slice(i * 8, i * 8 + 8), 2);
  return key;
}

/** RFC 6238 code (SHA-1, 6 digits) of a base32 secret (spaces allowed) for a step. */
export function totpAtStep(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', decodeBase32(secret)).update(counter).digest();
  const off = mac[mac.length - 1]! & 0xf;
  const n = (mac.readUInt32BE(off) & 0x7fffffff) % 1_000_000;
  return n.toString().padStart(6, '0');
}

/** RFC 6238 code (SHA-1, 6 digits, 30 s) for a base32 secret at time at (ms). */
export function totp(secret: string, at = Date.now()): string {
  return totpAtStep(secret, totpStep(at));
}

/**
 * A code for the next 30-second step (the server accepts one step either
 * side). Two calls within one step give the same code, which the server
 * takes only once: prefer freshTotp for an Account.
 */
export function nextTotp(secret: string): string {
  return totp(secret, Date.now() + STEP_MS);
}

/**
 * A code the server will accept for account now: from a step later than
 * the last one the account used, and at most one step ahead of the clock
 * (waiting, up to 30 s, for the clock when the next step is further). The
 * step is recorded as used.
 */
export async function freshTotp(account: Account): Promise<string> {
  if (!account.secret) throw new Error(`${account.email} has no TOTP secret`);
  const step = Math.max((account.lastStep ?? 0) + 1, totpStep());
  // The server takes steps up to one ahead of its clock: wait until step - 1 has begun.
  const from = (step - 1) * STEP_MS;
  if (Date.now() < from) await sleep(from - Date.now() + 50);
  account.lastStep = step;
  return totpAtStep(account.secret, step);
}

/** Waits for the set-up screen of link and fills in the new password (twice). */
export async function fillSetUp(page: Page, link: string, account: Account): Promise<void> {
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Set your password' })).toBeVisible();
  await expect(page.getByText(`For ${account.name} (${account.email}).`)).toBeVisible();
  await page.getByLabel('New password').fill(account.password);
  await page.getByLabel('Confirm password').fill(account.password);
}

/**
 * Opens the set-up link, sets the password and, for an admin, turns on
 * two-step sign-in; ends signed in, in the console.
 */
export async function setUpAccount(page: Page, link: string, account: Account): Promise<void> {
  await fillSetUp(page, link, account);
  const begin = account.role === 'admin' ? beginResponse(page) : null;
  await page.getByRole('button', { name: 'Set password' }).click();
  if (begin) await enrolTotp(page, account, begin);
  await expect(page.getByRole('button', { name: 'Sign out', exact: true })).toBeVisible();
}

/** The answer to the set-up screen's request for a new TOTP secret. Call it before the click that starts it. */
export function beginResponse(page: Page): Promise<{ secret: string }> {
  return page
    .waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/totp/begin' && r.request().method() === 'POST')
    .then(async (r) => {
      if (r.status() !== 200) throw new Error(`totp/begin answered ${r.status()}: ${await r.text()}`);
      return r.json() as Promise<{ secret: string }>;
    });
}

/** A pattern for the secret as the screen shows it (in groups, with spaces between). */
export function shownSecret(secret: string): RegExp {
  return new RegExp(`^\\s*${secret.split('').join('\\s*')}\\s*$`);
}

/**
 * Goes through the two-step set-up screen (already opening) and the
 * recovery codes, recording the secret, the recovery codes and the step
 * used. Ends once the recovery codes screen has been left.
 */
export async function enrolTotp(page: Page, account: Account, begin: Promise<{ secret: string }>): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Set up two-step sign-in' })).toBeVisible();
  const secret = (await begin).secret;
  // The key the screen shows (for typing into an app) is the one the server sent.
  await expect(page.getByText(shownSecret(secret))).toBeVisible();
  account.secret = secret;
  const step = Math.max((account.lastStep ?? 0) + 1, totpStep());
  await page.getByLabel('Authentication code').fill(totpAtStep(secret, step));
  const confirmed = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/admin/totp/confirm' && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  const answer = await confirmed;
  if (answer.status() !== 200) throw new Error(`totp/confirm answered ${answer.status()}: ${await answer.text()}`);
  account.lastStep = step;
  account.recoveryCodes = ((await answer.json()) as { codes: string[] }).codes;
  await expect(page.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
  await page.getByLabel('I have saved these codes').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Save your recovery codes' })).toBeHidden();
}

/**
 * Fills in the sign-in screen already shown on page: e-mail and password,
 * then (for an account with two-step sign-in) code, or a fresh TOTP code.
 * Does not wait for the outcome.
 */
export async function submitSignIn(page: Page, account: Account, code?: string): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  if (account.secret || code) {
    await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
    await page.getByLabel('Authentication code').fill(code ?? (await freshTotp(account)));
    await page.getByRole('button', { name: 'Verify' }).click();
  }
}

/** Signs in on the sign-in screen already shown on page and waits for the console. */
export async function signInHere(page: Page, account: Account, code?: string): Promise<void> {
  await submitSignIn(page, account, code);
  await expect(page.getByRole('button', { name: 'Sign out', exact: true })).toBeVisible();
}

/** Opens path (under the shared site unless origin is given), signs in (with a TOTP code when the account has one) and waits for the console. */
export async function signIn(page: Page, account: Account, path = '/admin/', origin = base()): Promise<void> {
  await page.goto(`${origin}${path}`);
  await signInHere(page, account);
}

/** Signs in through the API with request (no second step): the answer's status and body. */
export async function apiSignIn(
  request: APIRequestContext,
  body: { email: string; password: string; code?: string },
  origin = base(),
): Promise<{ status: number; body: { error?: { code: string; message: string } } & Record<string, unknown> }> {
  const res = await request.post(`${origin}/api/admin/login`, { data: body, headers: { Origin: origin } });
  return { status: res.status(), body: (await res.json()) as { error?: { code: string; message: string } } };
}

/** The console navigation's link names, in order. */
export async function navigationLabels(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Console' });
  return (await nav.getByRole('link').allTextContents()).map((t) => t.trim());
}

/**
 * Starts another bin/site (seeded, on its own data folder and port, behind
 * the same pretend proxy as the shared one) with extra serve flags; stop()
 * ends it and removes its data.
 */
export async function startSite(extra: string[]): Promise<SiteTarget & { stop: () => Promise<void> }> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'site-e2e-extra-'));
  const baseURL = `http://127.0.0.1:${port}`;
  execFileSync(bin, ['seed', '--data-dir', dataDir], { stdio: 'ignore' });
  const proc = spawn(
    bin,
    ['serve', '--addr', `127.0.0.1:${port}`, '--data-dir', dataDir, '--base-url', baseURL, '--log-level', 'warn', '--trusted-proxies', '127.0.0.1/32', ...extra],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((r) => proc.once('exit', () => r()));
  try {
    await serving(proc, 60_000);
  } catch (e) {
    proc.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
    throw e;
  }
  return {
    dataDir,
    baseURL,
    stop: async () => {
      proc.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Opens the console screen named label through the navigation (through "Menu" on a phone). */
export async function openScreen(page: Page, label: string): Promise<void> {
  const menu = page.getByRole('button', { name: 'Menu', exact: true });
  if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: label, exact: true }).click();
}

/** Clicks "Sign out everywhere" wherever the layout puts it (in the menu on a phone). */
export async function signOutEverywhere(page: Page): Promise<void> {
  const button = page.getByRole('button', { name: 'Sign out everywhere', exact: true });
  const menu = page.getByRole('button', { name: 'Menu', exact: true });
  if (!(await button.isVisible()) && (await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) !== 'true') {
    await menu.click();
  }
  await button.click();
}

/** The axe rules the console is held to (the public pages' a11y.spec.ts's). */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** axe's findings on page, one line per rule, prefixed with what was checked (an empty list when there are none). */
export async function axe(page: Page, what: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return results.violations.map((v) => `${what}: ${v.id} (${v.nodes.length}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Waits until the screen has stopped saying it is loading. */
export async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
}

/** Opens a console screen by its address under /admin/ (a fresh page load) and waits for its heading and its data. */
export async function openByAddress(page: Page, path: string, heading: string): Promise<void> {
  await page.goto(`${base()}/admin/${path}`);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await settled(page);
}

/** Makes a member of staff with the command line, sets the account up through its link and ends in the console. */
export async function intoConsole(page: Page, role: Role, label: string): Promise<Account> {
  const { account, link } = addStaff(role, label);
  await setUpAccount(page, link, account);
  return account;
}

/**
 * A second browser context for the test (same window size, its own client
 * address, salted with label), with a member of staff of role signed in:
 * the first page's session stays as it is. errors are the page's console
 * errors from the start (watchErrors); close() ends the context.
 */
export async function consoleContext(
  browser: Browser,
  info: TestInfo,
  role: Role,
  label: string,
): Promise<{ page: Page; account: Account; errors: string[]; close: () => Promise<void> }> {
  const context = await browser.newContext({
    viewport: info.project.use.viewport ?? null,
    hasTouch: info.project.use.hasTouch ?? false,
    extraHTTPHeaders: { 'X-Forwarded-For': clientAddressFor(info, label) },
  });
  const page = await context.newPage();
  const errors = watchErrors(page);
  const account = await intoConsole(page, role, label);
  return { page, account, errors, close: () => context.close() };
}

/** An application as the public API takes it (the form's JSON part). */
export interface ApplicationFields {
  firstName: string;
  middleName: string;
  lastName: string;
  fullName: string;
  email: string;
  phoneCountryCode: string;
  phoneNumber: string;
  address: string;
  linkedin: string;
  website: string;
  locationPreference: string;
  availabilityDate: string;
  workExperiences: unknown[];
  educations: unknown[];
  skills: string[];
  certifications: unknown[];
  coverLetter: string;
  heardFrom: string;
  eligibleToWork: boolean;
  willingToRelocate: boolean;
  gender: string;
  disabilityStatus: string;
  nationalIdType: string;
  nationalIdNumber: string;
  consent: boolean;
  consentVersion: string;
  /** The hidden field: filled in only by bots. */
  homepage: string;
  /** How long the form was open before it was sent. */
  elapsedMs: number;
}

/**
 * Sends an application for jobId through the public API, as the form does
 * (the form itself is apply-submit.spec.ts's subject): fields over a real
 * applicant's defaults (a minute of filling in, the hidden field empty),
 * a PDF resume and a PNG national ID unless files says otherwise. Expects
 * 201 (bots are answered alike) and returns the answer.
 */
export async function sendApplication(
  request: APIRequestContext,
  jobId: string,
  fields: Partial<ApplicationFields> & { email: string },
  files: { resume: TestFile; nationalIdDocument: TestFile } = { resume: pdfFile('cv.pdf', 'Curriculum vitae'), nationalIdDocument: pngFile('pan.png') },
): Promise<{ reference: string; statusUrl: string }> {
  const application: ApplicationFields = {
    firstName: 'Kavya', middleName: '', lastName: 'Nair', fullName: 'Kavya Nair',
    phoneCountryCode: '+91', phoneNumber: '9876543210', address: '12 Lake Road, Hyderabad',
    linkedin: '', website: '', locationPreference: 'Hyderabad', availabilityDate: inAMonth(),
    workExperiences: [], educations: [], skills: [], certifications: [], coverLetter: '',
    heardFrom: 'Referral', eligibleToWork: true, willingToRelocate: false, gender: '', disabilityStatus: '',
    nationalIdType: 'PAN', nationalIdNumber: 'ABCPE1234K', consent: true, consentVersion: CONSENT_VERSION,
    homepage: '', elapsedMs: 60_000,
    ...fields,
  };
  const res = await request.post(`${base()}/api/jobs/${jobId}/applications`, {
    headers: { Origin: base() },
    multipart: { application: JSON.stringify(application), resume: files.resume, nationalIdDocument: files.nationalIdDocument },
    timeout: 30_000,
  });
  expect(res.status(), await res.text()).toBe(201);
  const answer = (await res.json()) as { reference: string; statusUrl: string };
  expect(answer.reference).toMatch(/^APP-[A-Z2-7]{8}$/);
  return answer;
}

/** Finds an application by its reference with the applications screen's search and opens it. */
export async function openApplication(page: Page, reference: string): Promise<void> {
  await openByAddress(page, 'applications', 'Applications');
  await page.getByLabel('Search name, e-mail or reference').fill(reference);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('table').getByRole('link', { name: reference, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Application ${reference}` })).toBeVisible();
}

/** Console errors a signed-in test expects: the shell asks who is signed in before signing in (401), and statuses the test itself provokes. */
export function unexpectedErrors(errors: string[], statuses: number[] = [401]): string[] {
  const expected = new RegExp(`^error: Failed to load resource: the server responded with a status of (${statuses.join('|')})\\b`);
  return errors.filter((e) => !expected.test(e));
}
