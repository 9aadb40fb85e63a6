/**
 * Fills {name} placeholders of a content template. Unknown placeholders
 * stay as they are, so a typo in a content file shows up on the page
 * rather than vanishing.
 */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
