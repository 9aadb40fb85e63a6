import { defineConfig } from 'vitest/config';
import tailwindcss from '@tailwindcss/vite';

// The client bundle. The server bundle is built by scripts/build-server.mjs
// from the same sources; Go embeds both (see embed.go, package corpsite/web).
export default defineConfig({
  plugins: [tailwindcss()],
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
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    // jsdom renders of whole pages are slow on a loaded 2-core machine.
    testTimeout: 20_000,
    setupFiles: ['src/test/setup.ts'],
  },
});
