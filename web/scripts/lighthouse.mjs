// Lighthouse (mobile preset) on every public route of a fresh site: starts
// bin/site with demo content on a free port, runs each route three times
// and prints the median of each category. With --check it exits non-zero
// when Accessibility, Best Practices or SEO is below 100 (Performance is
// printed only: it depends on the machine).
// Usage: node scripts/lighthouse.mjs [--check] [--runs N] [route ...]
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const args = process.argv.slice(2);
const check = args.includes('--check');
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 3;
const only = args.filter((a, i) => !a.startsWith('--') && args[i - 1] !== '--runs');

const ROUTES = ['/', '/about', '/services', '/service1', '/service2', '/service3', '/technologies', '/more', '/privacy', '/terms', '/contact-us', '/career', '/jobs', '/blog'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const REQUIRED = ['accessibility', 'best-practices', 'seo'];

const bin = resolve(import.meta.dirname, '../../bin/site');

function freePort() {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => ok(port));
    });
  });
}

async function waitReady(url) {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`site did not start at ${url}`);
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'site-lighthouse-'));
execFileSync(bin, ['seed', '--data-dir', dataDir], { stdio: 'ignore' });
const site = spawn(bin, ['serve', '--addr', `127.0.0.1:${port}`, '--data-dir', dataDir, '--base-url', base, '--log-level', 'warn'], { stdio: 'inherit' });
let chrome;
let failures = 0;
try {
  await waitReady(`${base}/readyz`);
  const jobs = await (await fetch(`${base}/api/jobs`)).json();
  // The newest post: its page has the slides and the comment form.
  const blogs = await (await fetch(`${base}/api/blogs`)).json();
  const routes = only.length
    ? only
    : [...ROUTES, `/job/${encodeURIComponent(jobs[0].id)}`, `/blog/${encodeURIComponent(blogs.posts[0].id)}`];
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  console.log(`Lighthouse ${runs} run(s) per route, mobile preset, median scores`);
  console.log(`${'route'.padEnd(28)} ${CATEGORIES.map((c) => c.padStart(15)).join('')}`);
  for (const route of routes) {
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, []]));
    const problems = new Set();
    for (let i = 0; i < runs; i++) {
      // A run that broke (Lighthouse's runtimeError, a missing score) says
      // nothing about the page: try it again, at most twice.
      let lhr;
      for (let attempt = 1; attempt <= 3; attempt++) {
        lhr = (await lighthouse(`${base}${route}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES })).lhr;
        const broken = lhr.runtimeError ?? CATEGORIES.find((c) => lhr.categories[c]?.score == null);
        if (!broken) break;
        console.log(`    run ${i + 1} of ${route} broke (${broken.code ?? broken}); attempt ${attempt} of 3`);
      }
      for (const c of CATEGORIES) scores[c].push(Math.round((lhr.categories[c]?.score ?? 0) * 100));
      for (const c of REQUIRED) {
        for (const ref of lhr.categories[c].auditRefs) {
          const audit = lhr.audits[ref.id];
          if (ref.weight > 0 && audit.score !== null && audit.score < 1) {
            const items = (audit.details?.items ?? []).slice(0, 3).map((it) => JSON.stringify(it.node?.snippet ?? it.text ?? it.href ?? it).slice(0, 140));
            problems.add(`${c}: ${ref.id} (${audit.title}) ${items.join(' | ')}`);
          }
        }
      }
    }
    const med = Object.fromEntries(CATEGORIES.map((c) => [c, median(scores[c])]));
    console.log(`${route.padEnd(28)} ${CATEGORIES.map((c) => String(med[c]).padStart(15)).join('')}`);
    for (const p of problems) console.log(`    ${p}`);
    if (REQUIRED.some((c) => med[c] < 100)) failures++;
  }
  const passed = routes.length - failures;
  console.log(`lighthouse: ${passed} passed, ${failures} failed`);
} finally {
  if (chrome) await chrome.kill();
  site.kill('SIGTERM');
  await new Promise((r) => site.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
if (check && failures > 0) process.exit(1);
