// A commenter's avatar, drawn here instead of fetched from an image service
// (decisions.md: no visitor data leaves for third parties): the initials of
// the name on a colour picked from the name, the same colour every time.

/**
 * Background colours for white initials. Each has a contrast of at least
 * 4.5:1 with white (avatar.test.ts checks it), so the letters stay legible.
 */
export const AVATAR_COLOURS = [
  '#1d4ed8', // blue
  '#b91c1c', // red
  '#047857', // green
  '#7e22ce', // purple
  '#c2410c', // orange
  '#0e7490', // cyan
  '#be185d', // pink
  '#4d7c0f', // olive
] as const;

/** Up to two letters: the first of the first word and of the last word, upper case; "?" for none. */
export function initials(name: string): string {
  const words = name
    .trim()
    .split(/\s+/)
    .map((w) => firstLetter(w))
    .filter((c): c is string => c !== undefined);
  if (words.length === 0) return '?';
  const pick = words.length === 1 ? [words[0]!] : [words[0]!, words[words.length - 1]!];
  return pick.join('').toUpperCase();
}

/** The first letter or digit of word (a whole code point), if it has one. */
function firstLetter(word: string): string | undefined {
  for (const c of word) {
    if (/[\p{L}\p{N}]/u.test(c)) return c;
  }
  return undefined;
}

/** A colour of AVATAR_COLOURS chosen by the name (case and outer spaces ignored). */
export function avatarColour(name: string): string {
  return AVATAR_COLOURS[hash(name.trim().toLowerCase()) % AVATAR_COLOURS.length]!;
}

/** FNV-1a over the UTF-16 code units of s: small, stable, and the same in every engine. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}
