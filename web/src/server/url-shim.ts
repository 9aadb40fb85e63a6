// A small URL and URLSearchParams for the embedded engine, which has
// neither. It covers parsing an absolute or base-relative http(s) URL and
// reading its parts, and a query's parameters (the blog list reads ?page
// with URLSearchParams). It was written for react-router; the site's own
// router (src/lib/router.tsx) needs neither. Not a WHATWG parser; a full
// polyfill kept memory per render (see TOOLCHAIN.md).

const pattern = /^([a-z][a-z0-9+.-]*:)\/\/([^/?#]*)([^?#]*)(\?[^#]*)?(#.*)?$/i;

class ShimURLSearchParams {
  private pairs: [string, string][] = [];
  constructor(init = '') {
    const s = init.startsWith('?') ? init.slice(1) : init;
    for (const part of s.split('&')) {
      if (!part) continue;
      const i = part.indexOf('=');
      const k = i < 0 ? part : part.slice(0, i);
      const v = i < 0 ? '' : part.slice(i + 1);
      this.pairs.push([decode(k), decode(v)]);
    }
  }
  get(name: string) {
    return this.pairs.find(([k]) => k === name)?.[1] ?? null;
  }
  getAll(name: string) {
    return this.pairs.filter(([k]) => k === name).map(([, v]) => v);
  }
  has(name: string) {
    return this.pairs.some(([k]) => k === name);
  }
  append(name: string, value: string) {
    this.pairs.push([name, String(value)]);
  }
  set(name: string, value: string) {
    this.delete(name);
    this.append(name, value);
  }
  delete(name: string) {
    this.pairs = this.pairs.filter(([k]) => k !== name);
  }
  forEach(fn: (value: string, key: string) => void) {
    this.pairs.forEach(([k, v]) => fn(v, k));
  }
  entries() {
    return this.pairs[Symbol.iterator]();
  }
  [Symbol.iterator]() {
    return this.pairs[Symbol.iterator]();
  }
  toString() {
    return this.pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
  }
}

function decode(s: string) {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}

class ShimURL {
  protocol: string;
  host: string;
  hostname: string;
  port: string;
  pathname: string;
  search: string;
  hash: string;
  username = '';
  password = '';

  constructor(input: string | ShimURL, base?: string | ShimURL) {
    const s = String(input);
    let m = pattern.exec(s);
    if (!m && base !== undefined) {
      const b = new ShimURL(base);
      const origin = `${b.protocol}//${b.host}`;
      if (s.startsWith('/')) m = pattern.exec(origin + s);
      else if (s.startsWith('?')) m = pattern.exec(origin + b.pathname + s);
      else if (s.startsWith('#')) m = pattern.exec(origin + b.pathname + b.search + s);
      else m = pattern.exec(origin + b.pathname.replace(/[^/]*$/, '') + s);
    }
    if (!m) throw new TypeError(`Invalid URL: ${s}`);
    this.protocol = m[1]!.toLowerCase();
    this.host = m[2]!.toLowerCase();
    const colon = this.host.lastIndexOf(':');
    this.hostname = colon > 0 ? this.host.slice(0, colon) : this.host;
    this.port = colon > 0 ? this.host.slice(colon + 1) : '';
    this.pathname = m[3] || '/';
    this.search = m[4] && m[4] !== '?' ? m[4] : '';
    this.hash = m[5] && m[5] !== '#' ? m[5] : '';
  }
  get origin() {
    return `${this.protocol}//${this.host}`;
  }
  get href() {
    return `${this.origin}${this.pathname}${this.search}${this.hash}`;
  }
  get searchParams() {
    return new ShimURLSearchParams(this.search);
  }
  toString() {
    return this.href;
  }
  toJSON() {
    return this.href;
  }
}

const g = globalThis as Record<string, unknown>;
if (typeof g.URL === 'undefined') g.URL = ShimURL;
if (typeof g.URLSearchParams === 'undefined') g.URLSearchParams = ShimURLSearchParams;
