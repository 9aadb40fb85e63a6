// Markup built as a string, for the few places where React cannot say what
// the page needs (see components/findable-panel.tsx). Every piece of text
// passes through escapeHTML; nothing here accepts markup from its caller.

/** A paragraph of plain text, or a bulleted list of plain-text items. */
export type TextBlock = string | string[];

/** A value for a {name} placeholder: plain text, or a link. */
export type Placeholder = string | { href: string; text: string };

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** s with the characters that mean something in HTML escaped. */
export function escapeHTML(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/** One line of text with its {name} placeholders filled; unknown ones stay. */
function inlineHTML(text: string, values: Record<string, Placeholder>): string {
  return text
    .split(/(\{\w+\})/)
    .map((part) => {
      const v = /^\{(\w+)\}$/.test(part) ? values[part.slice(1, -1)] : undefined;
      if (v === undefined) return escapeHTML(part);
      if (typeof v === 'string') return escapeHTML(v);
      return `<a href="${escapeHTML(v.href)}">${escapeHTML(v.text)}</a>`;
    })
    .join('');
}

/** Paragraphs (<p>) and lists (<ul>) for blocks of plain text. */
export function blocksToHTML(blocks: TextBlock[], values: Record<string, Placeholder> = {}): string {
  return blocks
    .map((b) =>
      typeof b === 'string'
        ? `<p>${inlineHTML(b, values)}</p>`
        : `<ul>${b.map((item) => `<li>${inlineHTML(item, values)}</li>`).join('')}</ul>`,
    )
    .join('');
}

/** A mailto link placeholder for address. */
export function mailLink(address: string): Placeholder {
  return { href: `mailto:${address}`, text: address };
}
