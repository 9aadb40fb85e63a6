// A console list's table: a header row of columns, the rows, in a box that
// scrolls sideways when the table is wider than the screen. The box is
// positioned so that it also clips what is positioned inside it (the
// screen-reader-only text of sort buttons and captions): otherwise that text
// sits at its place in the wide table, outside the box, and widens the page.
import type { ReactNode } from 'react';
import { HeaderRow } from './header-row';

interface Props {
  columns: readonly ReactNode[];
  /** Each header cell's class, and the last one's where it differs (see HeaderRow). */
  headerClassName?: string;
  lastHeaderClassName?: string;
  /** Said to screen readers only: what the table lists. */
  caption?: string;
  /**
   * The name of the scrolling box as a region: it is then focusable, so
   * keyboard users can scroll it on a phone.
   */
  region?: string;
  /** The scrolling box's class (it is always `relative`, see above). */
  className?: string;
  /** The rows (<tr>s). */
  children: ReactNode;
}

export function AdminTable({ columns, headerClassName, lastHeaderClassName, caption, region, className = 'overflow-x-auto', children }: Props) {
  const scrollable = region ? { tabIndex: 0, role: 'region', 'aria-label': region } : {};
  return (
    <div className={`relative ${className}`} {...scrollable}>
      <table className="w-full text-left text-sm">
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead>
          <HeaderRow columns={columns} className={headerClassName} lastClassName={lastHeaderClassName} />
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
