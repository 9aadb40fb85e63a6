import { describe, expect, it } from 'vitest';
import site from '../../../../content/site.json';
import { hydrateApp, renderApp } from '../../test/render-app';
import { TEST_SETTINGS } from '../../test/render-app';

const titles = [
  'Information We Collect',
  'How We Use Your Information',
  'Disclosure of Your Information',
  'Security of Your Information',
  'Links to Third-Party Websites',
  'Children Under 13',
  'Your Choices and Rights',
  'Changes to This Policy',
  'Contact Us',
];

describe('Privacy page (/privacy)', () => {
  it('has nine numbered sections, each linked from the table of contents', () => {
    renderApp('/privacy');
    expect(document.querySelector('h1')!.textContent).toBe('Privacy Policy');
    const sections = Array.from(document.querySelectorAll('main section[id] > h2'));
    expect(sections.map((h) => h.textContent)).toEqual(titles.map((t, i) => `${i + 1}. ${t}`));
    const toc = Array.from(document.querySelectorAll<HTMLAnchorElement>('nav[aria-labelledby="privacy-toc-title"] a'));
    expect(toc.map((a) => a.getAttribute('href'))).toEqual(sections.map((h) => `#${h.parentElement!.id}`));
  });

  it('keeps the numbered headings as the server wrote them when it hydrates', () => {
    const { serverHTML } = hydrateApp('/privacy');
    const server = new DOMParser().parseFromString(serverHTML, 'text/html');
    const text = (root: ParentNode) => Array.from(root.querySelectorAll('main section[id] > h2, main nav li'), (e) => e.textContent);
    expect(text(server)).toHaveLength(18);
    expect(text(document)).toEqual(text(server));
  });

  it('names the support e-mail, the retention period and the on-request map', () => {
    renderApp('/privacy');
    const contact = document.getElementById('contact')!;
    expect(contact.querySelector('a')!.getAttribute('href')).toBe(`mailto:${site.supportEmail}`);
    expect(contact.textContent).toContain(site.supportEmail);
    const text = document.querySelector('main')!.textContent!;
    expect(text).toContain(`${TEST_SETTINGS.retentionDays} days by default`);
    expect(text).toContain('only when you choose to show it');
    expect(text).toContain('not meant for children under 13');
  });
});
