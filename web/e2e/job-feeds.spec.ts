// The job feeds and share links in Chromium against the running site, at
// 390 and 1280 px: /jobs links the Atom feed of the search on screen (in
// its <head> and visibly), the feed that link leads to parses and lists
// the positions the page shows, the aggregators' feed lists every open
// position, and a job's page offers plain share links whose shared
// address carries the service as the application's source. axe checks
// the pages.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { base, openHydrated, openJobs, watchErrors } from './helpers';

async function axe(page: Page, label: string) {
  const res = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  expect(res.violations.map((v) => `${label}: ${v.id} (${v.nodes.length}): ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
}

interface ParsedFeed {
  contentType: string;
  root: string;
  title: string;
  self: string;
  entries: { title: string; link: string; summary: string }[];
}

/** Fetches an Atom feed from the page (as a reader would, same origin) and parses it with the browser's XML parser. */
async function readAtom(page: Page, href: string): Promise<ParsedFeed> {
  return page.evaluate(async (href) => {
    const res = await fetch(href);
    const doc = new DOMParser().parseFromString(await res.text(), 'application/xml');
    if (doc.querySelector('parsererror')) throw new Error(`${href} is not well-formed XML`);
    const ns = 'http://www.w3.org/2005/Atom';
    const kids = (el: Element, name: string) => Array.from(el.children).filter((c) => c.namespaceURI === ns && c.localName === name);
    const text = (el: Element, name: string) => kids(el, name)[0]?.textContent ?? '';
    const feed = doc.documentElement;
    return {
      contentType: res.headers.get('content-type') ?? '',
      root: `${feed.namespaceURI} ${feed.localName}`,
      title: text(feed, 'title'),
      self: kids(feed, 'link').find((l) => l.getAttribute('rel') === 'self')?.getAttribute('href') ?? '',
      entries: kids(feed, 'entry').map((e) => ({
        title: text(e, 'title'),
        link: kids(e, 'link')[0]?.getAttribute('href') ?? '',
        summary: text(e, 'summary'),
      })),
    };
  }, href);
}

/** The job cards /jobs shows: title and the address of "View Details". */
async function shownJobs(page: Page): Promise<{ title: string; link: string }[]> {
  const cards = page.getByRole('region', { name: 'Search open positions' }).getByRole('listitem');
  const out: { title: string; link: string }[] = [];
  for (const card of await cards.all()) {
    const title = (await card.getByRole('heading', { level: 3 }).textContent()) ?? '';
    const href = (await card.getByRole('link', { name: /^View Details/ }).getAttribute('href')) ?? '';
    out.push({ title, link: new URL(href, base()).href });
  }
  return out;
}

test('/jobs links the feed of its search, and that feed lists the positions shown', async ({ page }, info) => {
  const errors = watchErrors(page);
  const jobs = await openJobs(page.request);
  const hyderabad = jobs.filter((j) => j.location === 'Hyderabad');
  expect(hyderabad.length).toBeGreaterThan(0);

  await openHydrated(page, '/jobs?location=Hyderabad');
  const link = page.getByRole('link', { name: 'Subscribe to these jobs (Atom feed)', exact: true });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute('href', '/jobs/feed.xml?location=Hyderabad');
  const headLink = page.locator('head link[rel="alternate"][type="application/atom+xml"][data-page-feed]');
  await expect(headLink).toHaveAttribute('href', '/jobs/feed.xml?location=Hyderabad');
  await expect(headLink).toHaveAttribute('title', /matching “Hyderabad”$/);

  // Other specs publish and close jobs on the same site meanwhile: the
  // page and the feed are compared with each other, not with a list read
  // earlier.
  const shown = await shownJobs(page);
  expect(shown.length).toBeGreaterThan(0);
  const feed = await readAtom(page, (await link.getAttribute('href'))!);
  expect(feed.contentType).toBe('application/atom+xml; charset=utf-8');
  expect(feed.root).toBe('http://www.w3.org/2005/Atom feed');
  expect(feed.self).toBe(`${base()}/jobs/feed.xml?location=Hyderabad`);
  expect(feed.entries.map((e) => ({ title: e.title, link: e.link }))).toEqual(shown);
  for (const e of feed.entries) expect(e.summary).toMatch(/^Location: Hyderabad · Experience: /);

  await link.scrollIntoViewIfNeeded();
  await page.screenshot({ path: info.outputPath(`jobs-feed-link-${info.project.name}.png`) });
  await axe(page, '/jobs?location=Hyderabad');

  // Another search without a page load: both links follow it.
  await page.getByLabel('Location', { exact: true }).selectOption('Bengaluru');
  await expect(page).toHaveURL(`${base()}/jobs?location=Bengaluru`);
  await expect(link).toHaveAttribute('href', '/jobs/feed.xml?location=Bengaluru');
  await expect(headLink).toHaveAttribute('href', '/jobs/feed.xml?location=Bengaluru');
  await expect(headLink).toHaveCount(1);
  const shownBengaluru = await shownJobs(page);
  expect(shownBengaluru.length).toBeGreaterThan(0);
  await expect(page.getByRole('status').filter({ hasText: /^Showing / })).toHaveText(
    new RegExp(`^Showing ${shownBengaluru.length} of \\d+ open positions$`),
  );
  const bangalore = await readAtom(page, '/jobs/feed.xml?location=Bengaluru');
  expect(bangalore.entries.map((e) => ({ title: e.title, link: e.link }))).toEqual(shownBengaluru);

  // The unfiltered feed has every open position.
  // (Read again until both agree: another spec may publish or close a
  // job between the two reads.)
  const same = async () => {
    const all = await readAtom(page, '/jobs/feed.xml');
    const open = await openJobs(page.request);
    return JSON.stringify(all.entries.map((e) => e.link).sort()) === JSON.stringify(open.map((j) => `${base()}/job/${j.id}`).sort());
  };
  await expect.poll(same).toBe(true);
  expect(errors).toEqual([]);
});

test('the career page links the feed of every open position', async ({ page }) => {
  await openHydrated(page, '/career');
  const link = page.getByRole('link', { name: 'Subscribe to new positions (Atom feed)', exact: true });
  await expect(link).toHaveAttribute('href', '/jobs/feed.xml');
  await expect(page.locator('head link[data-page-feed]')).toHaveAttribute('href', '/jobs/feed.xml');
  // Leaving for a page without a feed of its own takes the link out of <head>.
  await page.getByRole('link', { name: /^View Details/ }).first().click();
  await expect(page).toHaveURL(new RegExp(`^${base()}/job/`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('head link[data-page-feed]')).toHaveCount(0);
  await expect(page.locator('head link[rel="alternate"][type="application/atom+xml"]')).toHaveAttribute('href', '/blog/feed.xml');
});

test('the aggregators’ feed lists every open position', async ({ page }) => {
  await openHydrated(page, '/about');
  const read = () =>
    page.evaluate(async () => {
      const res = await fetch('/jobs/aggregators.xml');
      const doc = new DOMParser().parseFromString(await res.text(), 'application/xml');
      if (doc.querySelector('parsererror')) throw new Error('not well-formed XML');
      return {
        contentType: res.headers.get('content-type'),
        root: doc.documentElement.localName,
        jobs: Array.from(doc.querySelectorAll('source > job')).map((j) => ({
          id: j.querySelector('referencenumber')?.textContent,
          title: j.querySelector('title')?.textContent,
          url: j.querySelector('url')?.textContent,
          city: j.querySelector('city')?.textContent,
        })),
      };
    });
  const parsed = await read();
  expect(parsed.contentType).toBe('application/xml; charset=utf-8');
  expect(parsed.root).toBe('source');
  // The feed and the open positions are read again until they agree:
  // another spec may publish or close a job between the two reads.
  await expect
    .poll(async () => {
      const [feed, jobs] = [await read(), await openJobs(page.request)];
      const want = jobs.map((j) => ({ id: j.id, title: j.jobTitle, url: `${base()}/job/${j.id}`, city: j.location }));
      return JSON.stringify(feed.jobs) === JSON.stringify(want) || { feed: feed.jobs, want };
    })
    .toBe(true);
});

test('a job page shares itself by plain links tagged with their source', async ({ page }, info) => {
  const errors = watchErrors(page);
  // The oldest open job, a seeded one: the newest may be another spec's, closed while this one runs.
  const job = (await openJobs(page.request)).at(-1)!;
  const before = new Set<string>();
  page.on('request', (r) => before.add(new URL(r.url()).origin));
  await openHydrated(page, `/job/${job.id}`);

  const share = page.getByRole('region', { name: 'Share this position' });
  const pageUrl = (src: string) => `${base()}/job/${job.id}?src=${src}`;
  const cases: [string, boolean, (href: string) => string][] = [
    ['LinkedIn', true, (h) => new URL(h).searchParams.get('url')!],
    ['X', true, (h) => new URL(h).searchParams.get('url')!],
    ['WhatsApp', true, (h) => new URL(h).searchParams.get('text')!.split(' ').pop()!],
    ['E-mail', false, (h) => new URL(h).searchParams.get('body')!.split('\r\n').pop()!],
  ];
  const sources = ['linkedin', 'x', 'whatsapp', 'email'];
  await expect(share.getByRole('link')).toHaveCount(cases.length);
  for (const [i, [label, external, shared]] of cases.entries()) {
    const name = `${label} – share ${job.jobTitle}${external ? ' (opens in a new tab)' : ''}`;
    const a = share.getByRole('link', { name, exact: true });
    await expect(a).toBeVisible();
    expect(await a.evaluate((el) => el.firstChild?.textContent?.trim()), 'the visible label').toBe(label);
    const href = (await a.getAttribute('href'))!;
    expect(shared(href), label).toBe(pageUrl(sources[i]!));
    if (external) {
      await expect(a).toHaveAttribute('target', '_blank');
      await expect(a).toHaveAttribute('rel', 'noopener noreferrer');
    } else {
      expect(href.startsWith('mailto:?subject=')).toBe(true);
    }
  }
  // Plain links: the page loaded nothing from the services.
  for (const origin of before) expect(origin).toBe(base());
  expect(await page.locator('iframe').count()).toBe(0);

  await share.scrollIntoViewIfNeeded();
  await page.screenshot({ path: info.outputPath(`job-share-${info.project.name}.png`) });
  await axe(page, `/job/${job.id}`);

  // Someone arriving by the shared link counts as coming from it.
  await openHydrated(page, new URL(pageUrl('whatsapp')).pathname + '?src=whatsapp');
  expect(await page.evaluate(() => sessionStorage.getItem('visit-source'))).toBe('whatsapp');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${base()}/job/${job.id}`);
  expect(errors).toEqual([]);
});
