// Takes a full-page screenshot of a running site's page after hydration,
// scrolling once through it so scroll-triggered content is shown.
// Usage: node scripts/screenshot.mjs <url> <out.png> <width>
import { chromium } from 'playwright-core';

const [, , url, out, width = '1280'] = process.argv;
if (!url || !out) {
  console.error('usage: node scripts/screenshot.mjs <url> <out.png> [width]');
  process.exit(2);
}
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const page = await browser.newPage({ viewport: { width: Number(width), height: 900 } });
await page.goto(url);
await page.waitForSelector('html[data-hydrated="true"]');
for (let y = 0; y < 8000; y += 400) {
  await page.mouse.wheel(0, 400);
  await page.waitForTimeout(100);
}
await page.evaluate(() => window.scrollTo(0, 0));
await page.waitForTimeout(1200);
await page.screenshot({ path: out, fullPage: true });
await browser.close();
