// Comparing two versions of a job or a post: each field as lines (rich
// text as its blocks), and the lines only one side has.

/** One field of a version as the comparison shows it. */
export interface CompareField {
  label: string;
  /** Plain text, or HTML when html is set (compared block by block). */
  text: string;
  html?: boolean;
}

/** A line of a comparison: in both versions, or only in the one it names. */
export interface DiffLine {
  kind: 'same' | 'from' | 'to';
  text: string;
}

/** Longest inputs compared line by line; past it, the two sides are shown whole. */
const maxCells = 250_000;

/**
 * The lines of from and to in order, each marked as in both or only in
 * one (a longest common subsequence of the lines).
 */
export function diffLines(from: readonly string[], to: readonly string[]): DiffLine[] {
  const n = from.length;
  const m = to.length;
  if (n * m > maxCells) {
    return [...from.map((text) => ({ kind: 'from' as const, text })), ...to.map((text) => ({ kind: 'to' as const, text }))];
  }
  // lcs[i][j]: the longest common subsequence of from[i:] and to[j:].
  const lcs = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i]![j] = from[i] === to[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    }
  }
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (from[i] === to[j]) {
      out.push({ kind: 'same', text: from[i]! });
      i++;
      j++;
    } else if (lcs[i + 1]![j]! >= lcs[i]![j + 1]!) {
      out.push({ kind: 'from', text: from[i++]! });
    } else {
      out.push({ kind: 'to', text: to[j++]! });
    }
  }
  while (i < n) out.push({ kind: 'from', text: from[i++]! });
  while (j < m) out.push({ kind: 'to', text: to[j++]! });
  return out;
}

const squash = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();

/**
 * Rich text as lines a reader compares: one a block, a heading said as
 * such, a list item with a bullet, an image by its text alternative.
 */
export function htmlLines(html: string): string[] {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  const lines: string[] = [];
  const push = (s: string) => {
    if (s) lines.push(s);
  };
  for (const node of Array.from(body.childNodes)) {
    if (!(node instanceof Element)) {
      push(squash(node.textContent));
      continue;
    }
    const tag = node.tagName.toLowerCase();
    if (/^h[1-6]$/.test(tag)) push(`Heading ${tag[1]}: ${squash(node.textContent)}`);
    else if (tag === 'ul' || tag === 'ol') node.querySelectorAll('li').forEach((li) => push(`• ${squash(li.textContent)}`));
    else {
      push(squash(node.textContent));
      node.querySelectorAll('img').forEach((img) => push(`Image: ${img.getAttribute('alt') || 'no text alternative'}`));
    }
  }
  return lines;
}

/** A field's lines. */
export function fieldLines(f: CompareField): string[] {
  if (f.html) return htmlLines(f.text);
  const t = f.text.trim();
  return t ? t.split('\n') : [];
}

/** Whether two versions' field differs. */
export function fieldDiffers(a: CompareField, b: CompareField): boolean {
  return fieldLines(a).join('\n') !== fieldLines(b).join('\n');
}
