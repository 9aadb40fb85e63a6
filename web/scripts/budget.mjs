// Bundle budget: prints the gzip size of the JavaScript and CSS the home
// page loads first (the entry, its static imports and the home page chunk)
// and fails when over budget.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const JS_LIMIT_KB = 60; // 31.1 KB when set, on Preact (89.9 KB on React and react-dom, about 75 KB of it); preact/compat is about 7 KB
const CSS_LIMIT_KB = 20;
const VITALS_LIMIT_KB = 3;

const dist = join(import.meta.dirname, '../dist/client');
const manifest = JSON.parse(readFileSync(join(dist, 'manifest.json'), 'utf8'));

function collect(keys) {
  const js = new Set();
  const css = new Set();
  const seen = new Set();
  const walk = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const e = manifest[key];
    if (!e) throw new Error(`manifest has no ${key}`);
    js.add(e.file);
    for (const c of e.css ?? []) css.add(c);
    for (const i of e.imports ?? []) walk(i);
  };
  keys.forEach(walk);
  return { js: [...js], css: [...css] };
}

const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (n) => (n / 1024).toFixed(1);

const { js, css } = collect(['src/entry-client.tsx', 'src/pages/home.tsx']);
let jsTotal = 0;
let cssTotal = 0;
for (const f of js) {
  const n = gz(f);
  jsTotal += n;
  console.log(`  js   ${kb(n).padStart(6)} KB  ${f}`);
}
for (const f of css) {
  const n = gz(f);
  cssTotal += n;
  console.log(`  css  ${kb(n).padStart(6)} KB  ${f}`);
}
console.log(`First load of /: JavaScript ${kb(jsTotal)} KB gzip (limit ${JS_LIMIT_KB}), CSS ${kb(cssTotal)} KB gzip (limit ${CSS_LIMIT_KB})`);

// The real-user speed reporting every public page loads once idle: what it
// adds beyond the first load (its chunk and any chunk it imports that the
// first load does not already have).
const firstLoad = new Set(js);
const vitals = collect(['src/lib/vitals.ts']).js.filter((f) => !firstLoad.has(f));
const vitalsTotal = vitals.reduce((n, f) => n + gz(f), 0);
console.log(`Real-user speed reporting: ${kb(vitalsTotal)} KB gzip more, once idle (limit ${VITALS_LIMIT_KB}): ${vitals.join(', ')}`);

const failures = [];
if (jsTotal > JS_LIMIT_KB * 1024) failures.push(`JavaScript ${kb(jsTotal)} KB > ${JS_LIMIT_KB} KB`);
if (cssTotal > CSS_LIMIT_KB * 1024) failures.push(`CSS ${kb(cssTotal)} KB > ${CSS_LIMIT_KB} KB`);
if (vitalsTotal > VITALS_LIMIT_KB * 1024) failures.push(`real-user speed reporting ${kb(vitalsTotal)} KB > ${VITALS_LIMIT_KB} KB`);
if (failures.length) {
  console.log(`budget: ${3 - failures.length} passed, ${failures.length} failed: ${failures.join('; ')}`);
  process.exit(1);
}
console.log('budget: 3 passed, 0 failed');
