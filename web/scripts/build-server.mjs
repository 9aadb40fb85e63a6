// Builds the server bundle: one self-contained script for the JavaScript
// engine inside the Go binary. It defines globalThis.render(url, dataJSON).
import { build } from 'esbuild';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, posix } from 'node:path';
import { preactAliases } from './preact-aliases.mjs';

const webDir = join(import.meta.dirname, '..');

// The public site renders with Preact under React's names, as in the
// browser (see preact-aliases.mjs): the server's HTML is made by the same
// components and library the client hydrates it with. Its string renderer
// needs no host APIs (TextEncoder, MessageChannel) that the embedded
// engine lacks.
const preact = {
  name: 'preact-aliases',
  setup(b) {
    b.onResolve({ filter: /^react(-dom)?(\/|$)/ }, (args) => {
      const to = preactAliases[args.path];
      if (!to) return { errors: [{ text: `${args.path} has no Preact replacement in scripts/preact-aliases.mjs` }] };
      return b.resolve(to, { kind: args.kind, resolveDir: webDir });
    });
  },
};

// Vite expands import.meta.glob; esbuild does not. This expands the eager
// form the app uses for its page modules (src/app/all-pages.ts), as Vite
// would: literal patterns relative to the file, '*' in the file name only,
// a leading '!' to exclude. The result maps each path to its module.
const eagerGlob = {
  name: 'eager-import-meta-glob',
  setup(b) {
    b.onLoad({ filter: /[\\/]src[\\/].*\.tsx?$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.glob')) return undefined;
      const call = /import\.meta\.glob(?:<[^>]*>)?\(\s*(\[[^\]]*\]|'[^']*')\s*,\s*\{\s*eager:\s*true\s*\}\s*,?\s*\)/g;
      const imports = [];
      let n = 0;
      const contents = await replaceAsync(source, call, async (_, list) => {
        const patterns = [...list.matchAll(/'([^']*)'/g)].map((m) => m[1]);
        const keys = await expand(dirname(args.path), patterns);
        const entries = keys.map((key, i) => {
          const id = `__glob_${n}_${i}`;
          imports.push(`import * as ${id} from ${JSON.stringify(key)};`);
          return `${JSON.stringify(key)}: ${id}`;
        });
        n++;
        return `{ ${entries.join(', ')} }`;
      });
      if (contents.includes('import.meta.glob')) {
        throw new Error(`${args.path}: the server bundle supports only import.meta.glob([...], { eager: true })`);
      }
      return { contents: imports.join('\n') + '\n' + contents, loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts' };
    });
  },
};

/** The paths (as written, relative to dir) that patterns select. */
async function expand(dir, patterns) {
  const toRegExp = (glob) => new RegExp('^' + glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*') + '$');
  const include = patterns.filter((p) => !p.startsWith('!'));
  const exclude = patterns.filter((p) => p.startsWith('!')).map((p) => toRegExp(p.slice(1)));
  const keys = [];
  for (const pattern of include) {
    const sub = posix.dirname(pattern);
    const name = toRegExp(posix.basename(pattern));
    for (const file of (await readdir(join(dir, sub))).sort()) {
      const key = `${sub}/${file}`;
      if (name.test(file) && !exclude.some((re) => re.test(key))) keys.push(key);
    }
  }
  return keys;
}

async function replaceAsync(s, re, fn) {
  const parts = [];
  let last = 0;
  for (const m of s.matchAll(re)) {
    parts.push(s.slice(last, m.index), await fn(...m));
    last = m.index + m[0].length;
  }
  parts.push(s.slice(last));
  return parts.join('');
}

await build({
  entryPoints: ['src/entry-server.tsx'],
  bundle: true,
  format: 'iife',
  platform: 'neutral',
  mainFields: ['module', 'main'],
  conditions: ['import', 'default'],
  target: 'es2022',
  minify: true,
  jsx: 'automatic',
  define: { 'process.env.NODE_ENV': '"production"', 'import.meta.env.SSR': 'true' },
  loader: { '.css': 'empty', '.svg': 'text' },
  outfile: 'dist/server/server.js',
  plugins: [preact, eagerGlob],
  logLevel: 'warning',
});
