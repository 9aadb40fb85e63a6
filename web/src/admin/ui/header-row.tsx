// A list table's header row: one <th scope="col"> a column.
import type { ReactNode } from 'react';

interface Props {
  columns: readonly ReactNode[];
  /** Each header cell's class. */
  className?: string;
  /** The last cell's class, where it differs (no right padding). */
  lastClassName?: string;
}

export function HeaderRow({ columns, className = 'py-2 pr-3', lastClassName = className }: Props) {
  return (
    <tr>
      {columns.map((c, i) => (
        <th key={i} scope="col" className={i === columns.length - 1 ? lastClassName : className}>
          {c}
        </th>
      ))}
    </tr>
  );
}
