// Paging arithmetic of the service carousels, free of React so it can be
// tested on its own. Items are numbered from 0; a page is `step` items
// long and the last page may hold fewer.

/** Number of pages for count items moved step at a time (at least 1). */
export function pageCount(count: number, step: number): number {
  return Math.max(1, Math.ceil(count / Math.max(1, step)));
}

/** The page that shows item, clamped to the pages that exist. */
export function pageOf(item: number, step: number, count: number): number {
  const page = Math.floor(Math.max(0, item) / Math.max(1, step));
  return Math.min(page, pageCount(count, step) - 1);
}

/** The first item of the page after the one that shows item, wrapping to 0 after the last page. */
export function nextPageStart(item: number, step: number, count: number): number {
  const next = (pageOf(item, step, count) + 1) % pageCount(count, step);
  return next * step;
}

/** The items of a page, as [first, last] both included. */
export function pageItems(page: number, step: number, count: number): [number, number] {
  const first = page * step;
  return [first, Math.min(first + step, count) - 1];
}

/**
 * How many item widths the track moves left to show the page starting at
 * start. A last page with fewer items than fit is centred, so its lone
 * card does not sit against one edge next to empty slots.
 */
export function trackOffset(start: number, perView: number, count: number): number {
  const shown = Math.min(perView, count - start);
  return start - (perView - shown) / 2;
}
