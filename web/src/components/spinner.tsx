/**
 * The turning ring a submit button shows while its form is being sent. It
 * is decoration only: the button's own words ("Sending...") say what is
 * happening, so screen readers skip it, and it holds still for visitors
 * who ask for less motion.
 */
export function Spinner() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false" className="animate-spin motion-reduce:animate-none">
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeOpacity="0.35" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
