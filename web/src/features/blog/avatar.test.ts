import { describe, expect, it } from 'vitest';
import { AVATAR_COLOURS, avatarColour, initials } from './avatar';

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

describe('initials', () => {
  it('takes the first letters of the first and last words', () => {
    expect(initials('Asha Rao')).toBe('AR');
    expect(initials('  priya  k  menon ')).toBe('PM');
    expect(initials('Ravi')).toBe('R');
  });

  it('skips what is not a letter or digit and keeps letters whole', () => {
    expect(initials('"Dev" (ops)')).toBe('DO');
    expect(initials('émile zola')).toBe('ÉZ');
    expect(initials('𝒜lice')).toBe('𝒜');
    expect(initials('अनिल कुमार')).toBe('अक');
  });

  it('gives a question mark for a name without letters', () => {
    expect(initials('')).toBe('?');
    expect(initials('--- !!')).toBe('?');
  });
});

describe('avatarColour', () => {
  it('gives the same colour for the same name, whatever its case or outer spaces', () => {
    expect(avatarColour('Asha Rao')).toBe(avatarColour(' asha rao '));
    expect(AVATAR_COLOURS).toContain(avatarColour('Asha Rao'));
  });

  it('spreads names over the colours', () => {
    const used = new Set(Array.from({ length: 200 }, (_, i) => avatarColour(`Visitor ${i}`)));
    expect(used.size).toBe(AVATAR_COLOURS.length);
  });

  it('only uses colours on which white text has a contrast of at least 4.5:1', () => {
    for (const c of AVATAR_COLOURS) {
      const ratio = 1.05 / (luminance(c) + 0.05);
      expect(ratio, c).toBeGreaterThanOrEqual(4.5);
    }
  });
});
