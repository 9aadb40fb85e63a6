import { expect } from '@playwright/test';
import { test } from './fixtures';
import pages from '../../content/pages.json' with { type: 'json' };
import { base, openJobs } from './helpers';

// Every public route: 200, its own <head> (title, description, canonical,
// Open Graph) and its content in the raw HTML.
const ROUTES = ['/', '/about', '/services', '/service1', '/service2', '/service3', '/technologies', '/more', '/privacy', '/terms', '/contact-us', '/career', '/jobs'];

function head(html: string) {
  const get = (re: RegExp) => re.exec(html)?.[1];
  return {
    title: get(/<title>([^<]*)<\/title>/),
    description: get(/<meta name="description" content="([^"]*)">/),
    canonical: get(/<link rel="canonical" href="([^"]*)">/),
    ogTitle: get(/<meta property="og:title" content="([^"]*)">/),
    ogDescription: get(/<meta property="og:description" content="([^"]*)">/),
    ogUrl: get(/<meta property="og:url" content="([^"]*)">/),
    ogType: get(/<meta property="og:type" content="([^"]*)">/),
  };
}

const decode = (s = '') => s.replace(/&amp;/g, '&').replace(/&#39;/g, "'").replace(/&quot;/g, '"');

test.describe('every public route', { tag: '@desktop-only' }, () => {
  test('has its own title, description, canonical URL and Open Graph tags', async ({ request }) => {
    const [job] = await openJobs(request);
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const path of [...ROUTES, `/job/${job!.id}`]) {
      const res = await request.get(`${base()}${path}`);
      expect(res.status(), path).toBe(200);
      const h = head(await res.text());
      expect(h.title, path).toMatch(/ \| Nimbus Grove Technologies$/);
      expect(h.description?.length, path).toBeGreaterThan(50);
      expect(h.canonical, path).toBe(`${base()}${path}`);
      expect(h.ogUrl, path).toBe(h.canonical);
      expect(h.ogTitle, path).toBe(h.title);
      expect(h.ogDescription, path).toBe(h.description);
      expect(h.ogType, path).toBe('website');
      const meta = (pages as Record<string, { title: string; description: string }>)[path];
      if (meta) {
        expect(decode(h.title), path).toBe(`${meta.title} | Nimbus Grove Technologies`);
        expect(decode(h.description), path).toBe(meta.description);
      }
      titles.add(h.title!);
      descriptions.add(h.description!);
    }
    expect(titles.size).toBe(ROUTES.length + 1);
    expect(descriptions.size).toBe(ROUTES.length + 1);
  });

  test('/Terms redirects permanently to /terms', async ({ request }) => {
    const res = await request.get(`${base()}/Terms`, { maxRedirects: 0 });
    expect(res.status()).toBe(301);
    expect(res.headers()['location']).toBe('/terms');
  });
});
