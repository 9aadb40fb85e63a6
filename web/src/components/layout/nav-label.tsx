import type { NavTarget } from './nav-data';

/** A navigation link's text: its label, then its hint for assistive technology. */
export function NavLabel({ link }: { link: NavTarget }) {
  return (
    <>
      {link.label}
      {link.hint && (
        <>
          {' '}
          <span className="sr-only">{link.hint}</span>
        </>
      )}
    </>
  );
}
