import { expect } from '@playwright/test';
import { clientAddressFor, test } from './fixtures';
import { base, openHydrated } from './helpers';

// The contact form against the real server (other specs stub the API to
// reach every state). One person, one message: well under the rate limit.
test('a message sent with the form reaches the server', { tag: '@desktop-only' }, async ({ page }) => {
  await openHydrated(page, '/contact-us');
  const fields: Record<string, string> = {
    Name: 'Asha Rao',
    'E-mail': 'asha@example.com',
    Subject: 'Portal for our clinics',
    Message: 'We would like to talk about a patient portal for our three clinics.',
  };
  for (const [label, value] of Object.entries(fields)) await page.getByLabel(label, { exact: true }).fill(value);
  const posted = page.waitForResponse((r) => r.url().endsWith('/api/contact') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Send Message' }).click();
  const res = await posted;
  expect(res.status()).toBe(201);
  expect((await res.json()).id).toMatch(/^[a-z0-9]{16}$/);
  await expect(page.getByText('Message sent successfully!')).toBeVisible();
  for (const label of Object.keys(fields)) await expect(page.getByLabel(label, { exact: true })).toHaveValue('');
});

// A proxy answers 502 although the server stored the message (its answer
// lost on the way back): the visitor sends it again, the form sends the same
// idempotency key, and the server answers with the message it stored
// instead of storing a second one.
test('a message sent again after its answer was lost is stored once', { tag: '@desktop-only' }, async ({ page }) => {
  await openHydrated(page, '/contact-us');
  const fields: Record<string, string> = {
    Name: 'Ravi Kumar',
    'E-mail': 'ravi@example.com',
    Subject: 'Retry after a gateway error',
    Message: 'We would like a quote for moving our booking system to the cloud.',
  };
  for (const [label, value] of Object.entries(fields)) await page.getByLabel(label, { exact: true }).fill(value);
  const reached: { key?: string; status: number; id: string }[] = [];
  let loseAnswer = true;
  await page.route('**/api/contact', async (route) => {
    const res = await route.fetch(); // the real server
    reached.push({ key: route.request().headers()['idempotency-key'], status: res.status(), id: (await res.json()).id });
    if (loseAnswer) {
      loseAnswer = false;
      await route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>502 Bad Gateway</h1>' });
      return;
    }
    await route.fulfill({ response: res });
  });
  const send = page.getByRole('button', { name: 'Send Message' });
  await send.click();
  await expect(page.getByText('Error sending message. Please try again.')).toBeVisible();
  await send.click();
  await expect(page.getByText('Message sent successfully!')).toBeVisible();
  expect(reached).toHaveLength(2);
  expect(reached[0]!.key).toMatch(/^[0-9a-f]{32}$/);
  expect(reached[1]).toEqual(reached[0]);
  expect(reached[0]!.status).toBe(201);
});

test('the server refuses an invalid message and names the fields', { tag: '@desktop-only' }, async ({ request }) => {
  const res = await request.post(`${base()}/api/contact`, {
    data: { name: 'Asha', email: 'not-an-address', subject: 'Line one\nBcc: someone@example.com', message: 'short' },
  });
  expect(res.status()).toBe(422);
  const body = await res.json();
  expect(body.error.code).toBe('invalid');
  expect(Object.keys(body.error.fields).sort()).toEqual(['email', 'message', 'subject']);
});

test('the contact limit counts each client on its own and says when to retry', { tag: '@desktop-only' }, async ({ playwright }, testInfo) => {
  const message = (n: number) => ({
    name: 'Asha Rao',
    email: 'asha@example.com',
    subject: `Question ${n}`,
    message: 'We would like to talk about a patient portal for our clinics.',
    website: '',
    elapsedMs: 8000,
  });
  const client = (salt: string) =>
    playwright.request.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': clientAddressFor(testInfo, salt) } });
  const first = await client('first');
  const second = await client('second');
  try {
    for (let n = 1; n <= 5; n++) {
      const res = await first.post(`${base()}/api/contact`, { data: message(n) });
      expect(res.status(), `message ${n}`).toBe(201);
    }
    const refused = await first.post(`${base()}/api/contact`, { data: message(6) });
    expect(refused.status()).toBe(429);
    const retryAfter = Number(refused.headers()['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect((await refused.json()).error.code).toBe('rate_limited');
    // Another visitor behind the same proxy is not held back by the first.
    expect((await second.post(`${base()}/api/contact`, { data: message(1) })).status()).toBe(201);
  } finally {
    await first.dispose();
    await second.dispose();
  }
});
