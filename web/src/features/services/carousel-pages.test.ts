import { describe, expect, it } from 'vitest';
import { nextPageStart, pageCount, pageItems, pageOf, trackOffset } from './carousel-pages';

describe('carousel paging', () => {
  it('seven items in steps of three make pages starting at items 1, 4 and 7', () => {
    expect(pageCount(7, 3)).toBe(3);
    expect([0, 1, 2].map((p) => pageItems(p, 3, 7))).toEqual([
      [0, 2],
      [3, 5],
      [6, 6],
    ]);
  });

  it('steps to the next page and wraps to the first after the last', () => {
    expect(nextPageStart(0, 3, 7)).toBe(3);
    expect(nextPageStart(3, 3, 7)).toBe(6);
    expect(nextPageStart(6, 3, 7)).toBe(0);
    // One at a time: every item is a page.
    const seen = [0];
    for (let i = 0; i < 7; i++) seen.push(nextPageStart(seen.at(-1)!, 1, 7));
    expect(seen).toEqual([0, 1, 2, 3, 4, 5, 6, 0]);
  });

  it('finds the page holding an item, within the pages that exist', () => {
    expect(pageOf(4, 3, 7)).toBe(1);
    expect(pageOf(4, 1, 7)).toBe(4);
    expect(pageOf(4, 2, 7)).toBe(2);
    expect(pageOf(99, 3, 7)).toBe(2);
    expect(pageOf(-1, 3, 7)).toBe(0);
  });

  it('always has a page, even without items', () => {
    expect(pageCount(0, 3)).toBe(1);
    expect(pageCount(7, 0)).toBe(7);
  });

  it('centres a last page that is not full', () => {
    expect(trackOffset(0, 3, 7)).toBe(0);
    expect(trackOffset(3, 3, 7)).toBe(3);
    // Group 7 alone sits in the middle slot of three.
    expect(trackOffset(6, 3, 7)).toBe(5);
    expect(trackOffset(6, 2, 7)).toBe(5.5);
    expect(trackOffset(6, 1, 7)).toBe(6);
  });
});
