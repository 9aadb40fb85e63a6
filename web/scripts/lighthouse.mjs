// Lighthouse (mobile preset) on every public route of a fresh site: starts
// bin/site with demo content on a free port, runs each route N times and
// prints the median of each category, and of FCP, LCP, TBT and CLS (those
// of the first attempt).
//
// --check: exits non-zero unless every route scores Accessibility, Best
// Practices and SEO 100 and Performance at least 95 (medians of its runs).
// Performance depends on the machine: a route that misses only on
// Performance gets one more attempt (its N runs again), and the better of
// the two attempts' Performance medians counts; Accessibility, Best
// Practices and SEO get no second attempt.
//
// --diag: one run per route, printing FCP, LCP, TBT, CLS, the LCP element,
// the main thread's long tasks and the scripts' CPU time instead of scores.
//
// Usage: node scripts/lighthouse.mjs [--check] [--runs N] [route ...]
//        node scripts/lighthouse.mjs --diag [route ...]
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const args = process.argv.slice(2);
const check = args.includes('--check');
const diag = args.includes('--diag');
const runsAt = args.indexOf('--runs');
const runs = diag ? 1 : runsAt >= 0 ? Number(args[runsAt + 1]) : 3;
const only = args.filter((a, i) => !a.startsWith('--') && args[i - 1] !== '--runs');

const ROUTES = ['/', '/about', '/services', '/service1', '/service2', '/service3', '/technologies', '/more', '/privacy', '/terms', '/contact-us', '/career', '/jobs', '/blog'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const REQUIRED = ['accessibility', 'best-practices', 'seo'];
/** The lowest passing score of each category. */
const MINIMUM = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
/** Attempts of a route whose only miss is Performance (see the top). */
const PERF_ATTEMPTS = 2;

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

/** One Lighthouse run; a run that broke (runtimeError, a missing score) says nothing about the page: tried again, at most twice. */
async function runOnce(url, port, label) {
  let lhr;
  for (let attempt = 1; attempt <= 3; attempt++) {
    lhr = (await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES })).lhr;
    const broken = lhr.runtimeError ?? CATEGORIES.find((c) => lhr.categories[c]?.score == null);
    if (!broken) break;
    console.log(`    ${label} broke (${broken.code ?? broken}); attempt ${attempt} of 3`);
  }
  return lhr;
}

/** The failing audits of the required categories, a line each. */
function requiredProblems(lhr) {
  const out = [];
  for (const c of REQUIRED) {
    for (const ref of lhr.categories[c].auditRefs) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit.score !== null && audit.score < 1) {
        const items = (audit.details?.items ?? []).slice(0, 3).map((it) => JSON.stringify(it.node?.snippet ?? it.text ?? it.href ?? it).slice(0, 140));
        out.push(`${c}: ${ref.id} (${audit.title}) ${items.join(' | ')}`);
      }
    }
  }
  return out;
}

/** The timings printed beside the scores (medians of the runs). */
const METRICS = { FCP: 'first-contentful-paint', LCP: 'largest-contentful-paint', TBT: 'total-blocking-time', CLS: 'cumulative-layout-shift' };

/** The route's N runs: median score per category and per timing, and the problems seen. */
async function attempt(route, url, port) {
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, []]));
  const timings = Object.fromEntries(Object.keys(METRICS).map((m) => [m, []]));
  const problems = new Set();
  for (let i = 0; i < runs; i++) {
    const lhr = await runOnce(url, port, `run ${i + 1} of ${route}`);
    for (const c of CATEGORIES) scores[c].push(Math.round((lhr.categories[c]?.score ?? 0) * 100));
    for (const [m, id] of Object.entries(METRICS)) timings[m].push(lhr.audits[id]?.numericValue ?? NaN);
    for (const p of requiredProblems(lhr)) problems.add(p);
  }
  return {
    med: Object.fromEntries(CATEGORIES.map((c) => [c, median(scores[c])])),
    timings: Object.fromEntries(Object.keys(METRICS).map((m) => [m, median(timings[m])])),
    problems,
  };
}

/** FCP, LCP and TBT in ms, CLS as it is. */
const showTimings = (t) =>
  Object.entries(t)
    .map(([m, v]) => (m === 'CLS' ? `${m} ${v.toFixed(3)}` : `${m} ${ms(v)}`))
    .join('  ');

const ms = (v) => (v == null ? '-' : `${Math.round(v)} ms`);

/** Lighthouse's figures for one run of route, for finding what slows it. */
function printDiagnosis(route, lhr) {
  const a = lhr.audits;
  const num = (id) => a[id]?.numericValue;
  console.log(`\n${route}  performance ${Math.round((lhr.categories.performance?.score ?? 0) * 100)}  (benchmarkIndex ${lhr.environment?.benchmarkIndex ?? '?'}: lower = busier machine)`);
  console.log(`  FCP ${ms(num('first-contentful-paint'))}  LCP ${ms(num('largest-contentful-paint'))}  TBT ${ms(num('total-blocking-time'))}  CLS ${(num('cumulative-layout-shift') ?? 0).toFixed(3)}  SI ${ms(num('speed-index'))}`);
  const lcp = a['largest-contentful-paint-element']?.details?.items ?? [];
  const node = lcp[0]?.items?.[0]?.node;
  console.log(`  LCP element: ${node ? `${node.nodeLabel ?? ''} <${node.selector ?? ''}> ${(node.snippet ?? '').slice(0, 120)}` : '-'}`);
  const phases = lcp[1]?.items ?? [];
  if (phases.length) console.log(`  LCP phases: ${phases.map((p) => `${p.phase} ${ms(p.timing)}`).join(', ')}`);
  const tasks = a['long-tasks']?.details?.items ?? [];
  console.log(`  long tasks (${tasks.length}, simulated on a throttled phone):`);
  for (const t of tasks.slice(0, 12)) console.log(`    at ${ms(t.startTime).padStart(8)}  ${ms(t.duration).padStart(7)}  ${t.url}`);
  const boot = a['bootup-time']?.details?.items ?? [];
  if (boot.length) {
    console.log('  script CPU (total / evaluation / parse+compile):');
    for (const b of boot.slice(0, 8)) console.log(`    ${ms(b.total).padStart(7)} ${ms(b.scripting).padStart(7)} ${ms(b.scriptParseCompile).padStart(7)}  ${b.url}`);
  }
  const work = a['mainthread-work-breakdown']?.details?.items ?? [];
  if (work.length) console.log(`  main thread: ${work.map((w) => `${w.groupLabel ?? w.group} ${ms(w.duration)}`).join(', ')}`);
}

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
  if (diag) {
    for (const route of routes) printDiagnosis(route, await runOnce(`${base}${route}`, chrome.port, route));
  } else {
    console.log(`Lighthouse ${runs} run(s) per route, mobile preset, median scores; pass: ${CATEGORIES.map((c) => `${c} ≥ ${MINIMUM[c]}`).join(', ')}`);
    console.log(`${'route'.padEnd(28)} ${CATEGORIES.map((c) => c.padStart(15)).join('')}`);
    for (const route of routes) {
      const first = await attempt(route, `${base}${route}`, chrome.port);
      const { problems, timings } = first;
      let { med } = first;
      const requiredOk = () => REQUIRED.every((c) => med[c] >= MINIMUM[c]);
      for (let n = 2; n <= PERF_ATTEMPTS && requiredOk() && med.performance < MINIMUM.performance; n++) {
        console.log(`    ${route}: performance ${med.performance} < ${MINIMUM.performance}; attempt ${n} of ${PERF_ATTEMPTS}`);
        const again = await attempt(route, `${base}${route}`, chrome.port);
        med = { ...med, performance: Math.max(med.performance, again.med.performance) };
      }
      console.log(`${route.padEnd(28)} ${CATEGORIES.map((c) => String(med[c]).padStart(15)).join('')}    ${showTimings(timings)}`);
      for (const p of problems) console.log(`    ${p}`);
      if (CATEGORIES.some((c) => med[c] < MINIMUM[c])) {
        failures++;
        if (med.performance < MINIMUM.performance) console.log(`    performance ${med.performance} < ${MINIMUM.performance}: see node scripts/lighthouse.mjs --diag ${route}`);
      }
    }
    console.log(`lighthouse: ${routes.length - failures} passed, ${failures} failed`);
  }
} finally {
  if (chrome) await chrome.kill();
  site.kill('SIGTERM');
  await new Promise((r) => site.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
if (check && failures > 0) process.exit(1);
