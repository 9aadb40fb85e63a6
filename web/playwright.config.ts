import { defineConfig } from '@playwright/test';

// End-to-end tests run the real binary (bin/site, built by `make build`)
// on a free port with a fresh data folder; see e2e/global-setup.ts.
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  outputDir: 'test-results/artifacts',
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
    trace: 'off',
  },
  projects: [
    // Tests tagged @desktop-only or @phone-only run in that project alone.
    { name: 'phone', grepInvert: /@desktop-only/, use: { viewport: { width: 390, height: 844 }, hasTouch: true } },
    { name: 'desktop', grepInvert: /@phone-only/, use: { viewport: { width: 1280, height: 800 } } },
  ],
});
