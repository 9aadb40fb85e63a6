import { expect } from '@playwright/test';
import { test } from './fixtures';
import { base, openJobs } from './helpers';

// The first HTML response carries the page's content: fetched without
// running any JavaScript.
test.describe('server-rendered HTML', () => {
  test('home page has its content, head and data', async ({ request }) => {
    const res = await request.get(`${base()}/`);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('text/html');
    const html = await res.text();
    expect(html).toContain('Welcome to');
    expect(html).toContain('Explore Our Solutions');
    expect(html).toContain('Blog Posts');
    const { posts } = (await (await request.get(`${base()}/api/blogs`)).json()) as { posts: { title: string; path: string }[] };
    expect(posts.length).toBeGreaterThanOrEqual(4);
    for (const p of posts) {
      expect(html).toContain(p.title.replace(/&/g, '&amp;'));
      expect(html).toContain(`href="${p.path}"`);
    }
    expect(html).toMatch(/<title>[^<]+\| Nimbus Grove Technologies<\/title>/);
    expect(html).toContain(`<link rel="canonical" href="${base()}/">`);
    expect(html).toContain('<script type="application/ld+json">');
    expect(html).toContain('id="boot-data"');
    expect(html).toContain('© 2021 Nimbus Grove Technologies');
  });

  test('job page has the job and JobPosting data', async ({ request }) => {
    const [job] = await openJobs(request);
    const res = await request.get(`${base()}/job/${job!.id}`);
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain(job!.jobTitle.replace(/&/g, '&amp;'));
    expect(html).toContain(job!.location);
    expect(html).toContain(`${job!.experience} years`);
    const firstWords = job!.description.replace(/<[^>]+>/g, ' ').trim().split(/\s+/).slice(0, 4).join(' ');
    expect(html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')).toContain(firstWords);
    const ld = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!));
    const posting = ld.find((x) => x['@type'] === 'JobPosting');
    expect(posting?.title).toBe(job!.jobTitle);
    expect(posting?.hiringOrganization?.name).toBe('Nimbus Grove Technologies');
    expect(posting?.jobLocation?.address?.addressLocality).toBe(job!.location);
  });

  test('unknown job answers 404 with the not-found page', async ({ request }) => {
    const res = await request.get(`${base()}/job/no-such-job`);
    expect(res.status()).toBe(404);
    const html = await res.text();
    expect(html).toContain('Page not found');
    expect(html).toContain('<meta name="robots" content="noindex">');
  });

  test('unknown path answers 404 inside the layout', async ({ request }) => {
    const res = await request.get(`${base()}/nothing/here`);
    expect(res.status()).toBe(404);
    const html = await res.text();
    expect(html).toContain('Page not found');
    expect(html).toContain('<header');
    expect(html).toContain('<footer');
  });

  test('responses carry the security headers', async ({ request }) => {
    for (const path of ['/', '/nothing/here', '/api/jobs']) {
      const res = await request.get(`${base()}${path}`);
      const h = res.headers();
      expect(h['content-security-policy']).toContain("script-src 'self'");
      expect(h['content-security-policy']).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(h['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(h['x-content-type-options']).toBe('nosniff');
      expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });
});
