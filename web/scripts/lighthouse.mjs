// Lighthouse (mobile preset) on every public route of a fresh site: starts
// bin/site with demo content on a free port, runs each route N times (no
// retries of a route that scored low) and prints the median of each
// category, and of FCP, LCP, TBT and CLS, with the machine's benchmarkIndex.
//
// --check: exits non-zero unless every route scores Performance 95 or more
// (PERFORMANCE_GATE) and Accessibility, Best Practices and SEO 100 (medians
// of its runs, no retries) and every run completed. FCP, LCP, TBT and CLS
// are printed beside the scores with the machine's benchmarkIndex and load.
//
// --diag: one run per route, printing FCP, LCP, TBT, CLS, the LCP element,
// the main thread's long tasks and the scripts' CPU time instead of scores.
//
// The phone is simulated the same on a busy machine as on a quiet one: the
// CPU slowdown of each run is calibrated to the machine's benchmarkIndex
// (phone-cpu.mjs), as Lighthouse's own hosted runs do. --slowdown N fixes
// it instead (4 is Lighthouse's default).
//
// Usage: node scripts/lighthouse.mjs [--check] [--runs N] [--slowdown N] [route ...]
//        node scripts/lighthouse.mjs --diag [route ...]
// In a route, {job} and {post} stand for the newest job's and post's ids
// (e.g. --diag /apply/{job}).
import { loadavg } from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { median, startSite } from './local-site.mjs';
import { DEFAULT_SLOWDOWN, REFERENCE_INDEX, slowdownFor } from './phone-cpu.mjs';

const args = process.argv.slice(2);
const check = args.includes('--check');
const diag = args.includes('--diag');
const runsAt = args.indexOf('--runs');
const runs = diag ? 1 : runsAt >= 0 ? Number(args[runsAt + 1]) : 3;
const slowdownAt = args.indexOf('--slowdown');
const fixedSlowdown = slowdownAt >= 0 ? Number(args[slowdownAt + 1]) : null;
const only = args.filter((a, i) => !a.startsWith('--') && args[i - 1] !== '--runs' && args[i - 1] !== '--slowdown');

const ROUTES = ['/', '/about', '/services', '/service1', '/service2', '/service3', '/technologies', '/more', '/privacy', '/terms', '/contact-us', '/career', '/jobs', '/blog'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
/** The categories --check gates: they depend on the code, not on the machine. */
const REQUIRED = ['accessibility', 'best-practices', 'seo'];
/**
 * The lowest passing Performance median under --check (null: reported only).
 * Performance moves with the machine as well as with the code; on this kind
 * of 2-core machine, quiet, the public routes, the application form
 * included, score 99-100 with Total Blocking Time 0-70 ms, which leaves
 * the gate a margin.
 */
const PERFORMANCE_GATE = 95;
/**
 * Routes gated differently, and why: none now. (The application form was
 * gated at 90 while it hydrated in one task; its sections below the first
 * now hydrate each in a task of its own, and it scores 100 with TBT 20-50 ms.)
 */
const PERFORMANCE_GATE_FOR = [];
/** The lowest passing score of each gated category on route. */
const minimumFor = (route) => ({
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
  ...(PERFORMANCE_GATE == null ? {} : { performance: PERFORMANCE_GATE_FOR.find((g) => g.route.test(route))?.min ?? PERFORMANCE_GATE }),
});
const MINIMUM = minimumFor('/');

/**
 * The slowdown for the next run: fixed by --slowdown, or the reference
 * phone's (phone-cpu.mjs) at the median benchmarkIndex of the last three
 * runs (the machine's load changes slowly against a run of a few seconds).
 */
const recentIndexes = [];
const nextSlowdown = () => fixedSlowdown ?? (recentIndexes.length ? slowdownFor(median(recentIndexes.slice(-3))) : DEFAULT_SLOWDOWN);
const noteIndex = (lhr) => {
  if (lhr.environment?.benchmarkIndex) recentIndexes.push(lhr.environment.benchmarkIndex);
};

/** Why a run says nothing about the page (a runtime error, a missing score), or null. */
const brokenRun = (lhr) => {
  const broken = lhr.runtimeError ?? CATEGORIES.find((c) => lhr.categories[c]?.score == null);
  return broken ? String(broken.code ?? broken) : null;
};

/**
 * One Lighthouse run. A run that broke says nothing about the page and is
 * tried again, at most twice; a run that broke three times is returned as it
 * is and counts as a failure (brokenRun).
 */
async function runOnce(url, port, label) {
  let lhr;
  for (let attempt = 1; attempt <= 3; attempt++) {
    const throttling = { cpuSlowdownMultiplier: nextSlowdown() };
    lhr = (await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES, throttling })).lhr;
    noteIndex(lhr);
    const broken = brokenRun(lhr);
    if (!broken) break;
    console.log(`    ${label} broke (${broken}); attempt ${attempt} of 3`);
  }
  return lhr;
}

/**
 * Routes kept out of search results on purpose (robots noindex): the
 * application form. Their SEO score leaves out the crawlability audit, which
 * a noindex page fails by design; every other SEO audit still counts.
 */
const NOINDEX = [/^\/apply\//];
const waived = (route) => (NOINDEX.some((re) => re.test(route)) ? new Set(['is-crawlable']) : new Set());

/** Category c's score (0-100) without the waived audits, weighted as Lighthouse weighs them. */
function score(lhr, c, skip) {
  const refs = lhr.categories[c].auditRefs.filter((r) => r.weight > 0 && !skip.has(r.id));
  if (skip.size === 0 || refs.length === 0) return Math.round(lhr.categories[c].score * 100);
  const total = refs.reduce((n, r) => n + r.weight, 0);
  return Math.round((refs.reduce((n, r) => n + r.weight * (lhr.audits[r.id].score ?? 1), 0) / total) * 100);
}

/** The failing audits of the required categories, a line each. */
function requiredProblems(lhr, skip) {
  const out = [];
  for (const c of REQUIRED) {
    for (const ref of lhr.categories[c].auditRefs) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && !skip.has(ref.id) && audit.score !== null && audit.score < 1) {
        const items = (audit.details?.items ?? []).slice(0, 3).map((it) => JSON.stringify(it.node?.snippet ?? it.text ?? it.href ?? it).slice(0, 140));
        out.push(`${c}: ${ref.id} (${audit.title}) ${items.join(' | ')}`);
      }
    }
  }
  return out;
}

/** The timings printed beside the scores (medians of the runs). */
const METRICS = { FCP: 'first-contentful-paint', LCP: 'largest-contentful-paint', TBT: 'total-blocking-time', CLS: 'cumulative-layout-shift' };

/**
 * The route's N runs: median score per category and per timing, the median
 * benchmarkIndex, the problems seen and the runs that broke.
 */
async function measure(route, url, port) {
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, []]));
  const timings = Object.fromEntries(Object.keys(METRICS).map((m) => [m, []]));
  const bench = [];
  const slowdowns = [];
  const problems = new Set();
  let broken = 0;
  for (let i = 0; i < runs; i++) {
    const lhr = await runOnce(url, port, `run ${i + 1} of ${route}`);
    const why = brokenRun(lhr);
    if (why) {
      broken++;
      problems.add(`run ${i + 1} did not complete (${why})`);
      continue;
    }
    for (const c of CATEGORIES) scores[c].push(score(lhr, c, waived(route)));
    for (const [m, id] of Object.entries(METRICS)) timings[m].push(lhr.audits[id]?.numericValue ?? NaN);
    if (lhr.environment?.benchmarkIndex) bench.push(lhr.environment.benchmarkIndex);
    slowdowns.push(lhr.configSettings.throttling.cpuSlowdownMultiplier);
    for (const p of requiredProblems(lhr, waived(route))) problems.add(p);
  }
  const med = (xs) => (xs.length ? median(xs) : NaN);
  return {
    med: Object.fromEntries(CATEGORIES.map((c) => [c, med(scores[c])])),
    timings: Object.fromEntries(Object.keys(METRICS).map((m) => [m, med(timings[m])])),
    bench: med(bench),
    slowdown: med(slowdowns),
    problems,
    broken,
  };
}

/** FCP, LCP and TBT in ms, CLS as it is. */
const showTimings = (t) =>
  Object.entries(t)
    .map(([m, v]) => (m === 'CLS' ? `${m} ${v.toFixed(3)}` : `${m} ${ms(v)}`))
    .join('  ');

const ms = (v) => (v == null || Number.isNaN(v) ? '-' : `${Math.round(v)} ms`);

/** Lighthouse's figures for one run of route, for finding what slows it. */
function printDiagnosis(route, lhr) {
  const a = lhr.audits;
  const num = (id) => a[id]?.numericValue;
  console.log(`\n${route}  performance ${Math.round((lhr.categories.performance?.score ?? 0) * 100)}  (benchmarkIndex ${lhr.environment?.benchmarkIndex ?? '?'}: lower = busier machine; CPU slowed ${lhr.configSettings.throttling.cpuSlowdownMultiplier}×)`);
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

const { base, stop } = await startSite('site-lighthouse-');
let chrome;
let failures = 0;
try {
  const jobs = await (await fetch(`${base}/api/jobs`)).json();
  // The newest post: its page has the slides and the comment form.
  const blogs = await (await fetch(`${base}/api/blogs`)).json();
  // {job} and {post} in a route stand for the newest job's and post's ids.
  const ids = { job: encodeURIComponent(jobs[0].id), post: encodeURIComponent(blogs.posts[0].id) };
  const routes = (only.length ? only : [...ROUTES, '/job/{job}', '/apply/{job}', '/blog/{post}']).map((r) => r.replace(/\{(job|post)\}/g, (_, k) => ids[k]));
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  if (fixedSlowdown == null) {
    // One run to learn the machine's benchmarkIndex before the first measured run.
    noteIndex(await runOnce(`${base}/`, chrome.port, 'calibration run'));
  }
  if (diag) {
    for (const route of routes) printDiagnosis(route, await runOnce(`${base}${route}`, chrome.port, route));
  } else {
    const gates = `${Object.entries(MINIMUM).map(([c, min]) => `${c} ≥ ${min}`).join(', ')}${PERFORMANCE_GATE == null ? '' : PERFORMANCE_GATE_FOR.map((g) => ` (performance ≥ ${g.min} on ${g.route.source.replaceAll('\\', '')})`).join('')}`;
    const cpu = fixedSlowdown == null ? `CPU slowdown calibrated to the machine (${DEFAULT_SLOWDOWN}× at benchmarkIndex ${REFERENCE_INDEX})` : `CPU slowed ${fixedSlowdown}×`;
    console.log(`Lighthouse ${runs} run(s) per route, mobile preset, ${cpu}, medians (no retries); gated: ${gates}, every run complete${PERFORMANCE_GATE == null ? '; performance and timings reported, not gated' : ''}`);
    console.log(`${'route'.padEnd(36)} ${CATEGORIES.map((c) => c.padStart(15)).join('')}   timings (median)                                    benchmarkIndex  slowdown`);
    const benches = [];
    for (const route of routes) {
      const { med, timings, bench, slowdown, problems, broken } = await measure(route, `${base}${route}`, chrome.port);
      if (!Number.isNaN(bench)) benches.push(bench);
      const show = (c) => (Number.isNaN(med[c]) ? '-' : String(med[c])).padStart(15);
      console.log(`${(waived(route).size ? `${route} (noindex)` : route).padEnd(36)} ${CATEGORIES.map(show).join('')}    ${showTimings(timings).padEnd(50)}  ${(Number.isNaN(bench) ? '-' : String(Math.round(bench))).padEnd(14)}  ${Number.isNaN(slowdown) ? '-' : `${slowdown}×`}`);
      for (const p of problems) console.log(`    ${p}`);
      const minimum = minimumFor(route);
      const low = Object.entries(minimum).filter(([c, min]) => !(med[c] >= min));
      if (broken > 0 || low.length > 0) {
        failures++;
        if (low.some(([c]) => c === 'performance')) console.log(`    performance ${med.performance} < ${minimum.performance}: see node scripts/lighthouse.mjs --diag ${route}`);
      }
    }
    console.log(`machine: benchmarkIndex median ${benches.length ? Math.round(median(benches)) : '-'} (lower = slower or busier), load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    console.log(`lighthouse: ${routes.length - failures} passed, ${failures} failed`);
  }
} finally {
  if (chrome) await chrome.kill();
  await stop();
}
if (check && failures > 0) process.exit(1);
