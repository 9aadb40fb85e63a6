import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { test } from './fixtures';
import { base, openHydrated, watchErrors } from './helpers';
import { COMMENT_RULES } from '../src/gen/comment-rules';
import { ruleOf } from '../src/lib/form-rules';

// The blog: /blog lists published posts a page at a time; /blog/{id} shows a
// post, its sections one at a time, its comments and the comment form. The
// server renders both complete; the feed, the sitemap and robots.txt say
// where the posts are. Tests named "UI: ..." fake the API (page.route) to
// reach states the demo content cannot give on demand.

const SHOTS = process.env.BLOG_SHOTS; // a folder for screenshots, when set

/** The comment table's words for a field's failed check (domain.CommentRules). */
const words = (path: string, check: string) => ruleOf(COMMENT_RULES, path)?.messages[check] ?? '';

interface Summary {
  id: string;
  /** The post's address: /blog/{slug}, or /blog/{id} for a post without a slug. */
  path: string;
  title: string;
  description: string;
  image: string;
  createdAt: string;
  dateText: string;
}
interface ListJSON {
  posts: Summary[];
  page: number;
  pages: number;
  total: number;
}
interface Slide {
  heading: string;
  html: string;
}
interface PostJSON extends Summary {
  slides: Slide[];
  pageTitle: string;
}
interface CommentJSON {
  id: string;
  name: string;
  website: string;
  comment: string;
  createdAt: string;
  dateText: string;
}

/** s as React writes text into HTML. */
const escapeHTML = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');

/** The server needs a person's time to fill the form; faster posts are held as likely spam. */
const FILL_TIME_MS = 5_000;

async function axe(page: Page, label: string) {
  const res = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  expect(res.violations.map((v) => `${label}: ${v.id} (${v.nodes.length}): ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
}

async function shot(page: Page, info: TestInfo, name: string, fullPage = true) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/blog-${name}-${info.project.name}.png`, fullPage });
}

async function listPage(request: APIRequestContext, n?: number): Promise<ListJSON> {
  const res = await request.get(`${base()}/api/blogs${n ? `?page=${n}` : ''}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as ListJSON;
}

async function getPost(request: APIRequestContext, id: string): Promise<PostJSON> {
  const res = await request.get(`${base()}/api/blogs/${encodeURIComponent(id)}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as PostJSON;
}

/** A post of the demo content with at least three sections, for the carousel. */
async function postWithSlides(request: APIRequestContext): Promise<PostJSON> {
  const { posts } = await listPage(request);
  for (const p of posts) {
    const post = await getPost(request, p.id);
    if (post.slides.length >= 3) return post;
  }
  throw new Error('the demo content has no post with three sections or more');
}

const form = (page: Page) => page.getByRole('form', { name: 'Leave a comment' });
const field = (page: Page, label: string) => form(page).getByLabel(label, { exact: true });
const commentNames = (page: Page) =>
  page.getByRole('region', { name: /^Comments/ }).getByRole('listitem').getByRole('article');

async function fillComment(page: Page, values: Partial<Record<'Name' | 'Email' | 'Website' | 'Comment', string>>) {
  for (const [label, value] of Object.entries(values)) await field(page, label).fill(value);
}

/** Moves to path inside the app, as a click on a link would (no page load). */
async function clientNavigate(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

// --- The list ---------------------------------------------------------------

test('the blog list shows the newest posts and pages through them', async ({ page, request }, info) => {
  const errors = watchErrors(page);
  const first = await listPage(request);
  expect(first.page).toBe(1);
  expect(first.pages, 'the demo content fills more than one page').toBeGreaterThanOrEqual(2);
  expect(first.posts).toHaveLength(6);

  await openHydrated(page, '/blog');
  await expect(page).toHaveTitle(/^Blog \| /);
  await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
  const titles = page.getByRole('main').getByRole('heading', { level: 2 });
  await expect(titles).toHaveText(first.posts.map((p) => p.title));
  for (const p of first.posts.slice(0, 2)) {
    // The accessible name starts with the visible words; Chromium puts a space before the hidden title.
    await expect(page.getByRole('link', { name: new RegExp(`^Read More ?: ${escapeRegExp(p.title)}$`) })).toHaveAttribute('href', p.path);
    await expect(page.getByText(p.dateText, { exact: true }).first()).toBeVisible();
  }
  const nav = page.getByRole('navigation', { name: 'Pagination' });
  await expect(nav.getByText(`Page 1 of ${first.pages}`)).toBeVisible();
  await expect(nav.getByRole('link', { name: /^Previous/ })).toHaveCount(0);
  await shot(page, info, 'list');

  const next = nav.getByRole('link', { name: 'Next page' });
  await expect(next).toHaveAttribute('rel', 'next');
  await next.click();
  await expect(page).toHaveURL(`${base()}/blog?page=2`);
  const second = await listPage(request, 2);
  await expect(titles).toHaveText(second.posts.map((p) => p.title));
  await expect(nav.getByText(`Page 2 of ${first.pages}`)).toBeVisible();
  const prev = nav.getByRole('link', { name: 'Previous page' });
  await expect(prev).toHaveAttribute('rel', 'prev');
  await expect(prev).toHaveAttribute('href', '/blog');
  await prev.click();
  await expect(page).toHaveURL(`${base()}/blog`);
  await expect(titles.first()).toHaveText(first.posts[0]!.title);
  expect(errors).toEqual([]);
});

test('a list page renders complete on the server, and a page past the last is not found', async ({ request }) => {
  // Other tests publish and delete posts meanwhile: a list read between two
  // of them moves by a post, so each comparison is read again until the
  // page and the API agree.
  await expect(async () => {
    const first = await listPage(request);
    const res = await request.get(`${base()}/blog?page=2`);
    expect(res.status()).toBe(200);
    const html = await res.text();
    const second = await listPage(request, 2);
    for (const p of second.posts) expect(html, p.title).toContain(`>${escapeHTML(p.title)}</h2>`);
    expect(html).toContain(`Page 2 of ${first.pages}`);
    expect(html).toMatch(/<a[^>]*rel="prev"[^>]*href="\/blog"|<a[^>]*href="\/blog"[^>]*rel="prev"/);
  }).toPass({ timeout: 15_000 });

  await expect(async () => {
    const first = await listPage(request);
    const page1 = await (await request.get(`${base()}/blog?utm_source=test`)).text();
    expect(page1).toContain(`<link rel="canonical" href="${base()}/blog">`);
    for (const p of first.posts) expect(page1, p.title).toContain(`href="${p.path}"`);
    expect(page1).not.toContain('Loading...');

    const past = await request.get(`${base()}/blog?page=${first.pages + 1}`);
    expect(past.status()).toBe(404);
    expect(await past.text()).toContain('Page not found');
    expect((await request.get(`${base()}/api/blogs?page=${first.pages + 1}`)).status()).toBe(404);
  }).toPass({ timeout: 15_000 });
});

test('the first page asked for as ?page=1 starts from the data in the page, asking the API for nothing', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/blogs')) asked.push(r.url());
  });
  await openHydrated(page, '/blog?page=1');
  await expect(page.getByRole('navigation', { name: 'Pagination' }).getByText(/^Page 1 of/)).toBeVisible();
  expect(asked).toEqual([]);
});

// --- A post -----------------------------------------------------------------

test("a post's raw HTML holds the title, the date and every section", async ({ request }) => {
  const post = await postWithSlides(request);
  const res = await request.get(`${base()}${post.path}`);
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toContain(`>${escapeHTML(post.title)}</h1>`);
  expect(html).toContain(post.dateText);
  expect(html).toContain(escapeHTML(post.description || "A captivating journey through the author's thoughts and experiences."));
  for (const s of post.slides) {
    if (s.heading) expect(html, s.heading).toContain(`>${escapeHTML(s.heading)}</h2>`);
    expect(html).toContain(s.html);
  }
  expect(html).not.toContain('Loading...');
  expect(html).toContain(`<link rel="canonical" href="${base()}${post.path}">`);
  // The comments are in the server's HTML too, under their heading.
  expect(html).toContain('>Comments<');
  expect(html).toContain('Post Comment');
  expect((await request.get(`${base()}/blog/no-such-post`)).status()).toBe(404);
});

test('without JavaScript every section of a post is shown, one after the other', async ({ browser, request }, info) => {
  const post = await postWithSlides(request);
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: info.project.use.viewport });
  const page = await context.newPage();
  await page.goto(`${base()}${post.path}`);
  for (const s of post.slides.filter((x) => x.heading)) {
    await expect(page.getByRole('heading', { level: 2, name: s.heading, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('button', { name: /^(Next|Previous|Continue)/ })).toHaveCount(0);
  await context.close();
});

test('the sections wrap around both ways, by button and by arrow key', async ({ page, request }) => {
  const errors = watchErrors(page);
  const post = await postWithSlides(request);
  const n = post.slides.length;
  await openHydrated(page, post.path);
  await expect(page).toHaveTitle(post.pageTitle);
  const carousel = page.getByRole('region', { name: 'Article' });
  await expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
  const shown = carousel.locator('[aria-roledescription="slide"]:visible');
  const position = carousel.locator('[aria-live="polite"]');

  await expect(shown).toHaveAttribute('aria-label', `1 of ${n}`);
  await expect(position).toHaveText(`1 of ${n}`);
  const prev = carousel.getByRole('button', { name: 'Previous section' });
  await prev.click();
  await expect(shown).toHaveAttribute('aria-label', `${n} of ${n}`);
  await expect(position).toHaveText(`${n} of ${n}`);
  await expect(prev).toBeFocused();
  if (post.slides[n - 1]!.heading) await expect(shown.getByRole('heading', { level: 2 })).toHaveText(post.slides[n - 1]!.heading);

  const next = carousel.getByRole('button', { name: 'Next section' });
  await next.click();
  await expect(shown).toHaveAttribute('aria-label', `1 of ${n}`);
  await expect(next).toBeFocused();

  // The arrow keys, while focus is inside the carousel.
  await page.keyboard.press('ArrowLeft');
  await expect(shown).toHaveAttribute('aria-label', `${n} of ${n}`);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(shown).toHaveAttribute('aria-label', `2 of ${n}`);
  await expect(next).toBeFocused();
  expect(errors).toEqual([]);
});

// --- Comments ---------------------------------------------------------------

test('the comment form refuses each rule with its message, in the browser and on the server', async ({ page, request }) => {
  const { posts } = await listPage(request);
  const id = posts[0]!.id;
  await openHydrated(page, `/blog/${id}`);
  await form(page).getByRole('button', { name: 'Post Comment' }).click();
  await expect(field(page, 'Name')).toBeFocused();
  for (const [label, message] of [
    ['Name', 'Enter your name.'],
    ['Email', 'Enter your e-mail address.'],
    ['Comment', 'Enter a comment.'],
  ]) {
    await expect(field(page, label!)).toHaveAttribute('aria-invalid', 'true');
    await expect(field(page, label!)).toHaveAccessibleDescription(message!);
  }
  await expect(field(page, 'Website')).not.toHaveAttribute('aria-invalid', 'true');

  await fillComment(page, { Name: 'Asha Rao', Email: 'asha@example', Website: 'www.example.com', Comment: 'Hello.' });
  await form(page).getByRole('button', { name: 'Post Comment' }).click();
  await expect(field(page, 'Email')).toBeFocused();
  await expect(field(page, 'Email')).toHaveAccessibleDescription('Enter a valid e-mail address.');
  await expect(field(page, 'Website')).toHaveAccessibleDescription(/Enter a web address starting with http:\/\/ or https:\/\//);

  // The server applies the same rules, in the same words.
  const res = await request.post(`${base()}/api/blogs/${id}/comments`, {
    data: { name: ' ', email: 'asha@example', website: 'javascript:alert(1)', comment: '', homepage: '', elapsedMs: 9000 },
  });
  expect(res.status()).toBe(422);
  const body = await res.json();
  expect(body.error.code).toBe('invalid');
  expect(body.error.fields).toEqual({
    name: words('name', 'required'),
    email: words('email', 'invalid'),
    website: words('website', 'invalid'),
    comment: words('comment', 'required'),
  });
});

test('a posted comment is shown at the top, the form is cleared and nothing leaves the site', async ({ page, request }, info) => {
  const errors = watchErrors(page);
  const foreign: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith(base()) && !r.url().startsWith('data:')) foreign.push(r.url());
  });
  const { posts } = await listPage(request);
  // A post of each project's own: the two run at once, and newest first
  // means the other's comment could land on top.
  const id = posts[info.project.name === 'phone' ? 1 : 2]!.id;
  await openHydrated(page, `/blog/${id}`);
  const name = `Meera ${Date.now().toString(36)} Iyer`; // initials MI
  // Text of its own too: the same text again on a post is held for review.
  await fillComment(page, { Name: name, Email: 'meera@example.com', Website: 'https://meera.example', Comment: `Clear and useful.\nThank you, from ${name}!` });
  await page.waitForTimeout(FILL_TIME_MS);
  const posted = page.waitForResponse((r) => r.url().endsWith(`/api/blogs/${id}/comments`) && r.request().method() === 'POST');
  await form(page).getByRole('button', { name: 'Post Comment' }).click();
  expect((await posted).status()).toBe(201);

  await expect(commentNames(page).first()).toHaveAttribute('aria-label', name);
  const top = page.getByRole('region', { name: /^Comments/ }).getByRole('listitem').first();
  await expect(top.getByRole('link', { name })).toHaveAttribute('href', 'https://meera.example');
  await expect(top.getByRole('link', { name })).toHaveAttribute('rel', /nofollow/);
  await expect(top.getByText('Clear and useful.')).toBeVisible();
  await expect(top.getByTestId('comment-avatar')).toHaveText('MI');
  for (const label of ['Name', 'Email', 'Website', 'Comment']) await expect(field(page, label)).toHaveValue('');
  await expect(page.getByText('meera@example.com')).toHaveCount(0);

  // The server lists it too, newest first, without the e-mail address.
  const list = (await (await request.get(`${base()}/api/blogs/${id}/comments`)).json()) as CommentJSON[];
  expect(list[0]!.name).toBe(name);
  expect(JSON.stringify(list)).not.toContain('meera@example.com');
  // And a fresh load of the page has it in the server's HTML.
  const html = await (await request.get(`${base()}/blog/${id}`)).text();
  expect(html).toContain(escapeHTML(name));
  expect(foreign).toEqual([]);
  expect(errors).toEqual([]);
});

test('a comment with three links is held for moderation and not shown', async ({ page, request }) => {
  const { posts } = await listPage(request);
  const id = posts[2]!.id;
  await openHydrated(page, `/blog/${id}`);
  const name = `Link Dropper ${Date.now().toString(36)}`;
  await fillComment(page, {
    Name: name,
    Email: 'links@example.com',
    Comment: 'Great! See https://a.example/1 and https://b.example/2 and https://c.example/3',
  });
  await page.waitForTimeout(FILL_TIME_MS);
  await form(page).getByRole('button', { name: 'Post Comment' }).click();
  await expect(form(page).getByRole('status')).toHaveText('Your comment is awaiting moderation');
  await expect(field(page, 'Comment')).toHaveValue('');
  await expect(page.getByText(name)).toHaveCount(0);
  const list = (await (await request.get(`${base()}/api/blogs/${id}/comments`)).json()) as CommentJSON[];
  expect(list.map((c) => c.name)).not.toContain(name);
});

// --- Feed, sitemap, robots --------------------------------------------------

/** Parses xml in the browser; returns the parser's error, the text of each selector and every link. */
async function parseXML(page: Page, xml: string, selector: string) {
  return page.evaluate(
    ([text, sel]) => {
      const doc = new DOMParser().parseFromString(text, 'application/xml');
      const error = doc.getElementsByTagName('parsererror')[0]?.textContent ?? '';
      const links = [
        ...Array.from(doc.getElementsByTagName('link')).map((l) => l.getAttribute('href') ?? l.textContent ?? ''),
        ...Array.from(doc.getElementsByTagName('loc')).map((l) => l.textContent ?? ''),
      ].map((s) => s.trim());
      return { error, root: doc.documentElement.localName, texts: Array.from(doc.querySelectorAll(sel)).map((e) => e.textContent?.trim() ?? ''), links };
    },
    [xml, selector] as const,
  );
}

test('the feed and the sitemap are XML that list the posts', async ({ page, request }) => {
  const first = await listPage(request);
  const feed = await request.get(`${base()}/blog/feed.xml`);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toMatch(/xml/);
  const f = await parseXML(page, await feed.text(), 'item > title, entry > title');
  expect(f.error).toBe('');
  expect(['rss', 'feed']).toContain(f.root);
  for (const p of first.posts) {
    expect(f.texts, p.title).toContain(p.title);
    expect(f.links, p.id).toContain(`${base()}${p.path}`);
  }

  const sitemap = await request.get(`${base()}/sitemap.xml`);
  expect(sitemap.status()).toBe(200);
  const s = await parseXML(page, await sitemap.text(), 'url > loc');
  expect(s.error).toBe('');
  expect(s.root).toBe('urlset');
  expect(s.texts).toContain(`${base()}/blog`);
  for (let n = 1; n <= first.pages; n++) {
    for (const p of (await listPage(request, n)).posts) expect(s.texts, p.id).toContain(`${base()}${p.path}`);
  }
  expect(s.texts.some((u) => u.includes('/api/') || u.includes('/admin'))).toBe(false);
});

test('robots.txt keeps crawlers off the API and the console and names the sitemap', async ({ request }) => {
  const res = await request.get(`${base()}/robots.txt`);
  expect(res.status()).toBe(200);
  const lines = (await res.text()).split(/\r?\n/).map((l) => l.trim());
  expect(lines).toContain('Disallow: /api/');
  expect(lines).toContain('Disallow: /admin');
  expect(lines).toContain(`Sitemap: ${base()}/sitemap.xml`);
});

// --- Accessibility ----------------------------------------------------------

test('the list and a post with the comment form showing errors have no axe violations', async ({ page, request }, info) => {
  // Three full axe runs: about 15 s on an idle 2-core machine, near 30 s on
  // a loaded one.
  test.setTimeout(90_000);
  await openHydrated(page, '/blog');
  await axe(page, '/blog');
  const post = await postWithSlides(request);
  await openHydrated(page, post.path);
  await shot(page, info, 'post');
  await page.getByRole('button', { name: 'Next section' }).click();
  await axe(page, 'post');
  await form(page).getByRole('button', { name: 'Post Comment' }).click();
  await expect(field(page, 'Name')).toBeFocused();
  await axe(page, 'comment errors');
});

// --- UI states with a faked API ---------------------------------------------

const UI_POST: PostJSON = {
  id: 'ui-post',
  path: '/blog/ui-post',
  title: 'Moving a payroll system to the cloud without a weekend outage',
  description: 'What we planned, what went wrong on the night, and the checklist we use now.',
  image: '/media/ui/cover.svg',
  createdAt: '2026-11-10T06:30:00Z',
  dateText: 'November 10, 2026',
  pageTitle: 'Moving a payroll system to the cloud | Nimbus Grove Technologies',
  slides: [
    { heading: '', html: '<p>Payroll cannot stop, so the move had to be invisible to the people who depend on it.</p>' },
    { heading: 'Planning the cut-over', html: '<p>We rehearsed the move three times on a copy of the data.</p><ul><li>Freeze changes</li><li>Copy, check, switch</li></ul>' },
    { heading: 'The night itself', html: '<p>One DNS record took longer than planned. <strong>Keep TTLs short</strong> in the week before.</p>' },
    { heading: 'Our checklist', html: '<ol><li>Rehearse</li><li>Measure</li><li>Roll back fast</li></ol>' },
  ],
};

const UI_COMMENTS: CommentJSON[] = [
  { id: 'k2', name: 'Sunita Deshpande', website: 'https://sunita.example', comment: 'We had the same DNS surprise.\nShort TTLs saved us next time.', createdAt: '2026-11-12T09:00:00Z', dateText: 'November 12, 2026' },
  { id: 'k1', name: 'Arjun', website: '', comment: 'Useful checklist, thanks.', createdAt: '2026-11-11T09:00:00Z', dateText: 'November 11, 2026' },
];

const UI_LIST: ListJSON = {
  page: 1,
  pages: 3,
  total: 14,
  posts: Array.from({ length: 6 }, (_, i) => ({
    id: `ui-${i}`,
    path: `/blog/ui-${i}`,
    title: ['Custom software or off-the-shelf?', 'Cloud bills, explained', 'Five questions before an IT audit', 'Why we test on real phones', 'A year of remote pairing', 'Choosing a database in 2026'][i]!,
    description: i === 2 ? '' : 'A short look at what we learned, with the questions we now ask every client before starting.',
    image: '',
    createdAt: `2026-11-0${9 - i}T06:00:00Z`,
    dateText: `November ${9 - i}, 2026`,
  })),
};

/** A cover picture for the faked post, drawn here. */
const COVER_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1280 720"><rect width="1280" height="720" fill="#1f43b5"/><circle cx="980" cy="200" r="260" fill="#3d6bf0"/><rect x="160" y="300" width="520" height="260" rx="24" fill="#eef4ff"/></svg>';

/** Fakes the post, its cover, its comments and (when given) the answer to a new comment. */
async function fakePost(page: Page, answer?: { status: number; json: unknown; delayMs?: number }) {
  await page.route('**/media/ui/cover.svg', (route) => route.fulfill({ contentType: 'image/svg+xml', body: COVER_SVG }));
  await page.route(`**/api/blogs/${UI_POST.id}`, (route) => route.fulfill({ json: UI_POST }));
  await page.route(`**/api/blogs/${UI_POST.id}/comments`, async (route) => {
    if (route.request().method() !== 'POST') return route.fulfill({ json: UI_COMMENTS });
    if (!answer) return route.abort();
    if (answer.delayMs) await new Promise((r) => setTimeout(r, answer.delayMs));
    return route.fulfill({ status: answer.status, json: answer.json });
  });
}

async function openFakePost(page: Page) {
  await openHydrated(page, '/about');
  await clientNavigate(page, `/blog/${UI_POST.id}`);
  await expect(page.getByRole('heading', { level: 1, name: UI_POST.title })).toBeVisible();
}

test('UI: a post shows its sections one at a time and its comments with local avatars', async ({ page }, info) => {
  const errors = watchErrors(page);
  const foreign: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith(base()) && !r.url().startsWith('data:')) foreign.push(r.url());
  });
  await fakePost(page);
  await openFakePost(page);
  await expect(page).toHaveTitle(UI_POST.pageTitle);
  await expect(page.getByRole('img', { name: UI_POST.title })).toHaveAttribute('src', UI_POST.image);
  const items = page.getByRole('region', { name: /^Comments/ }).getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.first().getByTestId('comment-avatar')).toHaveText('SD');
  await expect(items.nth(1).getByTestId('comment-avatar')).toHaveText('A');
  await expect(items.first().getByText(/We had the same DNS surprise/)).toHaveCSS('white-space', 'pre-line');
  const carousel = page.getByRole('region', { name: 'Article' });
  await expect(carousel.locator('[aria-roledescription="slide"]:visible')).toHaveAttribute('aria-label', '1 of 4');
  await shot(page, info, 'ui-post');
  await carousel.getByRole('button', { name: 'Next section' }).click();
  await expect(carousel.getByRole('heading', { level: 2, name: 'Planning the cut-over' })).toBeVisible();
  await shot(page, info, 'ui-post-slide2', false);
  // Under a section, a button leads on; the next section's start comes into view with focus.
  await carousel.getByRole('button', { name: 'Continue: The night itself' }).click();
  const shown = carousel.locator('[aria-roledescription="slide"]:visible');
  await expect(shown).toHaveAttribute('aria-label', '3 of 4');
  await expect(shown).toBeFocused();
  await expect(carousel.getByRole('button', { name: 'Previous section' })).toBeInViewport();
  // The avatars are drawn on the page: no request leaves the site.
  expect(foreign).toEqual([]);
  expect(errors).toEqual([]);
});

test('UI: Posting... while the comment is on its way, then the new comment on top', async ({ page }) => {
  const created: CommentJSON = { id: 'k3', name: 'Kavya Nair', website: '', comment: 'Bookmarked.', createdAt: '2026-11-21T10:00:00Z', dateText: 'November 21, 2026' };
  await fakePost(page, { status: 201, json: { status: 'visible', comment: created }, delayMs: 800 });
  await openFakePost(page);
  await fillComment(page, { Name: 'Kavya Nair', Email: 'kavya@example.com', Comment: 'Bookmarked.' });
  const button = form(page).getByRole('button', { name: /Post Comment|Posting/ });
  await button.click();
  await expect(button).toHaveText('Posting...');
  await expect(button).toBeDisabled();
  await expect(commentNames(page).first()).toHaveAttribute('aria-label', 'Kavya Nair');
  await expect(button).toHaveText('Post Comment');
  await expect(field(page, 'Name')).toHaveValue('');
});

test('UI: a held comment is not listed and the moderation message is shown', async ({ page }) => {
  await fakePost(page, { status: 201, json: { status: 'held', message: 'Your comment is awaiting moderation' } });
  await openFakePost(page);
  await fillComment(page, { Name: 'Link Dropper', Email: 'links@example.com', Comment: 'See https://a.example https://b.example https://c.example' });
  await form(page).getByRole('button', { name: 'Post Comment' }).click();
  await expect(form(page).getByRole('status')).toHaveText('Your comment is awaiting moderation');
  await expect(field(page, 'Comment')).toHaveValue('');
  await expect(commentNames(page)).toHaveCount(2);
  await expect(page.getByText('Link Dropper')).toHaveCount(0);
});

test("UI: the server's refusal is shown at its field", async ({ page }) => {
  await fakePost(page, { status: 422, json: { error: { code: 'invalid', message: 'Check the form.', fields: { website: 'Enter a web address starting with http:// or https://.' } } } });
  await openFakePost(page);
  await fillComment(page, { Name: 'Kavya Nair', Email: 'kavya@example.com', Website: 'https://kavya.example', Comment: 'Bookmarked.' });
  await form(page).getByRole('button', { name: 'Post Comment' }).click();
  await expect(field(page, 'Website')).toBeFocused();
  await expect(field(page, 'Website')).toHaveAttribute('aria-invalid', 'true');
  await expect(field(page, 'Website')).toHaveAccessibleDescription(/Enter a web address starting with http:\/\/ or https:\/\//);
  await expect(field(page, 'Comment')).toHaveValue('Bookmarked.');
});

test('UI: a failure is said in words and keeps what was typed', async ({ page }, info) => {
  await fakePost(page, { status: 500, json: { error: { code: 'internal', message: 'Internal error.' } } });
  await openFakePost(page);
  await fillComment(page, { Name: 'Kavya Nair', Email: 'kavya@example.com', Comment: 'Bookmarked.' });
  await form(page).getByRole('button', { name: 'Post Comment' }).click();
  await expect(form(page).getByRole('alert')).toHaveText('Your comment could not be posted. Please try again.');
  await expect(field(page, 'Comment')).toHaveValue('Bookmarked.');
  await expect(commentNames(page)).toHaveCount(2);

  // The form with errors, for a look.
  await fillComment(page, { Name: '', Email: 'kavya@', Website: 'kavya.example' });
  await form(page).getByRole('button', { name: 'Post Comment' }).click();
  await expect(field(page, 'Name')).toBeFocused();
  await form(page).scrollIntoViewIfNeeded();
  await shot(page, info, 'ui-form-errors', false);
  await axe(page, 'fake post with errors');
});

test('UI: the list as cards with pagination', async ({ page }, info) => {
  await page.route((url) => url.pathname === '/api/blogs' && url.search === '?page=2', (route) => route.fulfill({ json: { ...UI_LIST, page: 2 } }));
  await openHydrated(page, '/about');
  await clientNavigate(page, '/blog?page=2');
  await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveCount(6);
  await expect(page.getByText("A captivating journey through the author's thoughts and experiences.")).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Pagination' });
  await expect(nav.getByText('Page 2 of 3')).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Previous page' })).toHaveAttribute('href', '/blog');
  await expect(nav.getByRole('link', { name: 'Next page' })).toHaveAttribute('href', '/blog?page=3');
  await shot(page, info, 'ui-list');
  await axe(page, 'fake list');
});

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
