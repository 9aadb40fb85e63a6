// Date and money formatting that gives the same text on the server (whose
// JavaScript engine has no Intl) and in every browser.

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "December 31, 2026" (long US format, UTC) for an RFC 3339 time; "" if invalid. */
export function formatLongDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
}

/** Whole rupees with Indian digit grouping: 1250000 → "₹12,50,000". */
export function formatRupees(amount: number): string {
  const digits = String(Math.round(Math.abs(amount)));
  const last3 = digits.slice(-3);
  const rest = digits.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${amount < 0 ? '-' : ''}₹${rest ? `${rest},${last3}` : last3}`;
}
