import { describe, expect, it } from 'vitest';
import { linkAddress } from './link-address';

describe('linkAddress', () => {
  it('keeps http, https and mailto addresses as typed, trimmed', () => {
    expect(linkAddress('  https://example.com/a?b=1#c ')).toEqual({ ok: true, href: 'https://example.com/a?b=1#c' });
    expect(linkAddress('http://example.com')).toEqual({ ok: true, href: 'http://example.com' });
    expect(linkAddress('mailto:jobs@example.com')).toEqual({ ok: true, href: 'mailto:jobs@example.com' });
    expect(linkAddress('HTTPS://EXAMPLE.COM')).toEqual({ ok: true, href: 'HTTPS://EXAMPLE.COM' });
  });

  it('adds https:// to a web address typed without it, and mailto: to an e-mail address', () => {
    expect(linkAddress('www.example.com')).toEqual({ ok: true, href: 'https://www.example.com' });
    expect(linkAddress('example.co.in/careers?x=1')).toEqual({ ok: true, href: 'https://example.co.in/careers?x=1' });
    expect(linkAddress('hr@example.com')).toEqual({ ok: true, href: 'mailto:hr@example.com' });
  });

  it('refuses what the sanitiser would drop, saying why', () => {
    expect(linkAddress('')).toEqual({ ok: false, message: 'Enter the address to link to.' });
    expect(linkAddress('   ')).toEqual({ ok: false, message: 'Enter the address to link to.' });
    expect(linkAddress('https://exa mple.com')).toEqual({ ok: false, message: 'An address has no spaces.' });
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', 'ftp://example.com', '/career', 'https://', 'mailto:nobody', 'example', 'localhost:8080']) {
      expect(linkAddress(bad)).toEqual({ ok: false, message: 'Use an address starting with https://, http:// or mailto:.' });
    }
  });
});
