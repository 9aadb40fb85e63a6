import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Job } from '../../gen/wire';
import { normalizeSource, sourceFromSearch } from '../../lib/visit-source';
import { renderApp, TEST_SETTINGS } from '../../test/render-app';
import { SHARE_SOURCES, shareLinks } from './share-links';

const job: Job = {
  id: 'go-eng',
  jobTitle: 'Backend Engineer (Go & Rust)',
  experience: '3-5',
  location: 'Hyderabad',
  description: '<p>Build APIs.</p>',
  workplace: 'onsite',
  postedDaysAgo: 2,
  applicationsOpen: true,
  pageTitle: 'Backend Engineer (Go & Rust) – Hyderabad | Nimbus Grove Technologies',
  createdAt: '2026-11-01T00:00:00Z',
};

const site = TEST_SETTINGS.siteUrl;

/** The job page address a share link carries, read back from the service's own parameter. */
function sharedUrl(href: string): URL {
  const u = new URL(href);
  if (u.protocol === 'mailto:') {
    const body = new URLSearchParams(u.search).get('body') ?? '';
    return new URL(body.slice(body.lastIndexOf('\n') + 1));
  }
  const param = u.searchParams.get('url');
  if (param) return new URL(param);
  const text = u.searchParams.get('text') ?? '';
  return new URL(text.slice(text.lastIndexOf(' ') + 1));
}

describe('share links', () => {
  it('each service gets the job page at the public origin, tagged with its source', () => {
    const links = shareLinks(job, site);
    expect(links.map((l) => l.source)).toEqual(['linkedin', 'x', 'whatsapp', 'email']);
    for (const l of links) {
      const u = sharedUrl(l.href);
      expect(u.origin + u.pathname, l.source).toBe(`${site}/job/go-eng`);
      expect(u.search, l.source).toBe(`?src=${l.source}`);
      // The application form counts the source as the server keeps it.
      expect(sourceFromSearch(u.search)).toBe(l.source);
    }
  });

  it('are the services’ plain share addresses', () => {
    const [linkedin, x, whatsapp, email] = shareLinks(job, site).map((l) => new URL(l.href));
    expect(linkedin!.origin + linkedin!.pathname).toBe('https://www.linkedin.com/sharing/share-offsite/');
    expect(x!.origin + x!.pathname).toBe('https://x.com/intent/tweet');
    expect(x!.searchParams.get('text')).toBe('Backend Engineer (Go & Rust) in Hyderabad at Nimbus Grove Technologies');
    expect(whatsapp!.origin + whatsapp!.pathname).toBe('https://wa.me/');
    expect(whatsapp!.searchParams.get('text')).toBe(
      `Backend Engineer (Go & Rust) in Hyderabad at Nimbus Grove Technologies ${site}/job/go-eng?src=whatsapp`,
    );
    expect(email!.protocol).toBe('mailto:');
    expect(email!.pathname).toBe('');
    // Percent-encoded throughout (RFC 6068): "&" in the title cannot start a new field.
    const fields = new URLSearchParams(email!.search);
    expect([...fields.keys()]).toEqual(['subject', 'body']);
    expect(fields.get('subject')).toBe('Job opening: Backend Engineer (Go & Rust) at Nimbus Grove Technologies');
    expect(fields.get('body')).toBe(
      `This position at Nimbus Grove Technologies may interest you: Backend Engineer (Go & Rust) in Hyderabad.\r\n\r\n${site}/job/go-eng?src=email`,
    );
    expect(email!.href).not.toMatch(/[ \r\n]/);
  });

  it('escape the job ID in the page address', () => {
    const u = sharedUrl(shareLinks({ ...job, id: 'a b/c' }, site)[0]!.href);
    expect(u.pathname).toBe('/job/a%20b%2Fc');
  });

  it('use sources the server keeps (domain.NormalizeSource)', () => {
    for (const s of SHARE_SOURCES) expect(normalizeSource(s)).toBe(s);
  });

  it('show on an open job’s page with visible labels that start their accessible names', () => {
    renderApp('/job/go-eng', { api: { '/api/jobs/go-eng': { data: job } } });
    const section = screen.getByRole('region', { name: 'Share this position' });
    const links = within(section).getAllByRole('link');
    expect(links.map((a) => a.firstChild?.textContent?.trim())).toEqual(['LinkedIn', 'X', 'WhatsApp', 'E-mail']);
    expect(links.map((a) => a.textContent)).toEqual([
      'LinkedIn – share Backend Engineer (Go & Rust) (opens in a new tab)',
      'X – share Backend Engineer (Go & Rust) (opens in a new tab)',
      'WhatsApp – share Backend Engineer (Go & Rust) (opens in a new tab)',
      'E-mail – share Backend Engineer (Go & Rust)',
    ]);
    expect(within(section).getByRole('link', { name: 'LinkedIn – share Backend Engineer (Go & Rust) (opens in a new tab)' })).toBeTruthy();
    for (const a of links.slice(0, 3)) {
      expect(a.getAttribute('target')).toBe('_blank');
      expect(a.getAttribute('rel')).toBe('noopener noreferrer');
    }
    expect(links[3]!.getAttribute('target')).toBeNull();
    expect(links.map((a) => a.getAttribute('href'))).toEqual(shareLinks(job, site).map((l) => l.href));
  });

  it('are not offered once applications have closed', () => {
    renderApp('/job/go-eng', { api: { '/api/jobs/go-eng': { data: { ...job, applicationsOpen: false } } } });
    expect(screen.queryByRole('region', { name: 'Share this position' })).toBeNull();
  });
});
