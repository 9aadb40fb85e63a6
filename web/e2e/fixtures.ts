import { createHash } from 'node:crypto';
import { test as base, type TestInfo } from '@playwright/test';

/**
 * The address a test's requests come from, as the site sees it. The e2e
 * server trusts the loopback proxy (global-setup.ts), so each test's
 * X-Forwarded-For makes it a client of its own: tests (and repeats of one
 * test) never share a rate-limit bucket, whatever order they run in.
 */
export function clientAddressFor(info: TestInfo, salt = ''): string {
  const key = `${info.project.name}\0${info.testId}\0${info.repeatEachIndex}\0${info.retry}\0${salt}`;
  const h = createHash('sha256').update(key).digest();
  // 10.0.0.0/8 is never a trusted proxy here, so the site takes it as the client.
  return `10.${h[0]}.${h[1]}.${h[2]}`;
}

/** Playwright's test, with every request of the test coming from its own client address. */
export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    await use({ ...extraHTTPHeaders, 'X-Forwarded-For': clientAddressFor(testInfo) });
  },
});
