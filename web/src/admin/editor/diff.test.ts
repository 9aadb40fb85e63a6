import { describe, expect, it } from 'vitest';
import { diffLines, fieldDiffers, htmlLines } from './diff';

describe('comparing versions', () => {
  it('marks the lines only one version has, in order', () => {
    expect(diffLines(['a', 'b', 'c', 'd'], ['a', 'c', 'x', 'd'])).toEqual([
      { kind: 'same', text: 'a' },
      { kind: 'from', text: 'b' },
      { kind: 'same', text: 'c' },
      { kind: 'to', text: 'x' },
      { kind: 'same', text: 'd' },
    ]);
    expect(diffLines([], ['new'])).toEqual([{ kind: 'to', text: 'new' }]);
    expect(diffLines(['old'], [])).toEqual([{ kind: 'from', text: 'old' }]);
  });

  it('shows two very long sides whole instead of comparing every pair of lines', () => {
    const many = Array.from({ length: 600 }, (_, i) => `line ${i}`);
    const out = diffLines(many, [...many].reverse());
    expect(out).toHaveLength(1200);
    expect(out.filter((l) => l.kind === 'from')).toHaveLength(600);
  });

  it('reads rich text as blocks: headings said, list items bulleted, images by their text', () => {
    expect(htmlLines('<p>Intro  words.</p><h2>First</h2><ul><li>one</li><li>two</li></ul><p><img src="a.jpg" alt="A chart">After</p>')).toEqual([
      'Intro words.',
      'Heading 2: First',
      '• one',
      '• two',
      'After',
      'Image: A chart',
    ]);
  });

  it('tells a changed field from one whose markup alone differs', () => {
    expect(fieldDiffers({ label: 'Content', text: '<p>Same</p>', html: true }, { label: 'Content', text: '<p>Same </p>', html: true })).toBe(false);
    expect(fieldDiffers({ label: 'Content', text: '<p>Same</p>', html: true }, { label: 'Content', text: '<h2>Same</h2>', html: true })).toBe(true);
    expect(fieldDiffers({ label: 'Title', text: 'A' }, { label: 'Title', text: 'B' })).toBe(true);
  });
});
