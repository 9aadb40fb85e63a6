// Builds the server bundle: one self-contained script for the JavaScript
// engine inside the Go binary. It defines globalThis.render(url, dataJSON).
import { build } from 'esbuild';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

// React's legacy string renderer needs no host APIs (TextEncoder,
// MessageChannel) that the embedded engine lacks.
const legacyServer = {
  name: 'react-dom-legacy-server',
  setup(b) {
    b.onResolve({ filter: /^react-dom\/server$/ }, () => ({
      path: join(dirname(require.resolve('react-dom/package.json')), 'cjs/react-dom-server-legacy.browser.production.js'),
    }));
  },
};

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
  plugins: [legacyServer],
  logLevel: 'warning',
});
