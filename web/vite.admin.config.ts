import { defineConfig } from 'vite';
import tailwindcss from '@tailwindcss/vite';
import { productionAliases } from './scripts/production-aliases.mjs';

// The staff console's bundle, built apart from the public site's so that
// none of it reaches a visitor's first load. Go serves dist/admin: the
// HTML shell at /admin/... and these hashed files at /admin-assets/...
// (internal/server/admin_page.go, embedded by embed.go).
export default defineConfig({
  plugins: [tailwindcss()],
  resolve: { alias: productionAliases },
  esbuild: { jsx: 'automatic' },
  oxc: { jsx: { runtime: 'automatic' } },
  base: '/',
  build: {
    outDir: 'dist/admin',
    emptyOutDir: true,
    manifest: 'manifest.json',
    // Files land in dist/admin/admin-assets/ and are served from
    // /admin-assets/, a path apart from the public /assets/.
    assetsDir: 'admin-assets',
    target: 'es2022',
    cssCodeSplit: true,
    rollupOptions: {
      input: 'src/admin/main.tsx',
    },
  },
});
