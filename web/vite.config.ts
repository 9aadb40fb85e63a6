import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import tailwindcss from '@tailwindcss/vite';
import { preactViteAliases } from './scripts/preact-aliases.mjs';

// What both Vitest projects share.
const testBase = {
  environment: 'jsdom',
  // jsdom renders of whole pages are slow on a loaded 2-core machine.
  testTimeout: 20_000,
  setupFiles: ['src/test/setup.ts'],
};

// The client bundle. The server bundle is built by scripts/build-server.mjs
// from the same sources; Go embeds both (see embed.go, package corpsite/web).
// Both run on Preact (scripts/preact-aliases.mjs); the staff console's
// bundle (vite.admin.config.ts) runs on React.
export default defineConfig({
  plugins: [tailwindcss()],
  resolve: { alias: preactViteAliases },
  esbuild: { jsx: 'automatic' },
  oxc: { jsx: { runtime: 'automatic' } },
  server: { fs: { allow: ['..'] } },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    manifest: 'manifest.json',
    assetsDir: 'assets',
    target: 'es2022',
    cssCodeSplit: true,
    rollupOptions: {
      input: 'src/entry-client.tsx',
    },
  },
  test: {
    projects: [
      // The public site's tests run on what ships: Preact under the React
      // names. Packages that import React go through the aliases too
      // (inline, and Testing Library's ES module build, whose imports the
      // aliases can reach), or they would load React itself.
      {
        extends: true,
        resolve: {
          alias: [
            {
              find: /^@testing-library\/react$/,
              replacement: fileURLToPath(import.meta.resolve('@testing-library/react/dist/@testing-library/react.esm.js')),
            },
            { find: /^react-dom\/test-utils$/, replacement: fileURLToPath(new URL('src/test/act.ts', import.meta.url)) },
          ],
        },
        test: {
          ...testBase,
          name: 'public',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: ['src/admin/**'],
          server: { deps: { inline: ['@testing-library/react', 'embla-carousel-react'] } },
        },
      },
      // The staff console's tests run on React, as the console does.
      {
        esbuild: { jsx: 'automatic' },
        oxc: { jsx: { runtime: 'automatic' } },
        test: { ...testBase, name: 'admin', include: ['src/admin/**/*.test.{ts,tsx}'] },
      },
    ],
  },
});
