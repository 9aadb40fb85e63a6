// Character rules the Go server applies to text fields (internal/domain:
// strings.TrimSpace, isLineBreakOrControl, isControlExceptNewline,
// hasInvisibleFormat, utf8.RuneCountInString), in JavaScript, so forms
// judge text as the server does: the forms' rules interpreter
// (form-rules.ts) and the forms' trimming use them.
import { JOB_SEARCH } from '../gen/wire';

// Go's strings.TrimSpace trims what unicode.IsSpace reports; String.trim
// differs (it trims U+FEFF and keeps U+0085), so the server's own class is used.
const edgeSpace = new RegExp(`^${JOB_SEARCH.spaceClass}+|${JOB_SEARCH.spaceClass}+$`, 'gu');

/** s without the leading and trailing white space Go's strings.TrimSpace removes. */
export function trimGo(s: string): string {
  return s.replace(edgeSpace, '');
}

/**
 * What a one-line value must not hold (domain's isLineBreakOrControl): Go's
 * unicode.IsControl (category Cc: C0, DEL, C1), the line and paragraph
 * separators, and what Go reads as U+FFFD: the character itself and lone
 * surrogates, which reach the server as U+FFFD.
 */
export const lineBreakOrControl = /[\p{Cc}\u2028\u2029\ufffd]|\p{Cs}/u;
/** What multi-line text must not hold: the same, except \n and \t (isControlExceptNewline). */
export const controlExceptNewline = /[^\P{Cc}\t\n]|[\ufffd\p{Cs}]/u;
const format = /^\p{Cf}$/u;
const letterOrMark = /^[\p{L}\p{M}]$/u;

/**
 * Whether s holds an invisible formatting character (domain's
 * hasInvisibleFormat): any of category Cf, except a zero-width non-joiner
 * or joiner between two letters or marks. Go and JavaScript may know
 * different Unicode versions, so a character assigned to Cf very recently
 * could be judged differently; the shared cases use long-standing ones.
 */
export function hasInvisibleFormat(s: string): boolean {
  const chars = Array.from(s);
  let prev = '';
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i] ?? '';
    if (format.test(c)) {
      const next = chars[i + 1] ?? '';
      if ((c === '\u200c' || c === '\u200d') && letterOrMark.test(prev) && letterOrMark.test(next)) {
        prev = c;
        continue;
      }
      return true;
    }
    prev = c;
  }
  return false;
}

/** Length in code points, as Go's utf8.RuneCountInString counts. */
export function charCount(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}
