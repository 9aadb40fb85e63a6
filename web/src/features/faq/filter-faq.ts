/** One question and its plain-text answer (content/faq.json items). */
export interface FaqEntry {
  question: string;
  answer: string;
}

/** An entry that matched, with its position in the full list (stable across searches). */
export interface FaqMatch extends FaqEntry {
  index: number;
}

/**
 * The entries whose question or answer contains query, ignoring case and
 * surrounding spaces; every entry when query is blank. Order is kept.
 */
export function filterFaq(entries: readonly FaqEntry[], query: string): FaqMatch[] {
  const q = query.trim().toLowerCase();
  return entries
    .map((entry, index) => ({ ...entry, index }))
    .filter((e) => !q || e.question.toLowerCase().includes(q) || e.answer.toLowerCase().includes(q));
}
