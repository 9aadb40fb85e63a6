// A console screen that is one paged list of a staff API route: the title
// with a "New …" button, the list's states (loading, failed, empty), its
// table and the buttons of its pages (the page lives in the screen's state).
import { Fragment, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Answer, PathOf } from '../api';
import { ErrorText } from './alert';
import { AdminTable } from './admin-table';
import { ListStates } from './list-states';
import { PageButtons } from './pager';
import { primaryButton } from './styles';
import { useAdminData } from './use-admin-data';

/** What a paged list answers besides its rows. */
interface Paged {
  page: number;
  pages: number;
}

type PagedOf<P> = P extends PathOf<'GET'> ? (Answer<'GET', P> extends Paged ? P : never) : never;

/** The GET routes that answer one page of a list (a page and the number of pages). */
export type PagedPath = PagedOf<PathOf<'GET'>>;

export interface ListScreenProps<X extends PagedPath, R extends { id: string }> {
  /** The list's route; ?page=N asks for a page. */
  path: X;
  /** The screen's heading. */
  title: string;
  /** The button that leads to a new item's form (relative to the screen). */
  newButton?: { to: string; label: string };
  /** The rows of an answer. */
  rows: (answer: Answer<'GET', X>) => readonly R[];
  /** Shown until the first answer. */
  loading: ReactNode;
  /** Shown for a list without rows. */
  empty: ReactNode;
  /** The table's caption, said to screen readers only. */
  caption: string;
  columns: readonly ReactNode[];
  /** One row of the table (a <tr>). */
  row: (row: R) => ReactNode;
  /** The accessible name of the pages' buttons, e.g. "Pages of posts". */
  pagesLabel: string;
}

export function ListScreen<X extends PagedPath, R extends { id: string }>({
  path,
  title,
  newButton,
  rows,
  loading,
  empty,
  caption,
  columns,
  row,
  pagesLabel,
}: ListScreenProps<X, R>) {
  const [page, setPage] = useState(1);
  const { data, error } = useAdminData(path, { page });
  // PagedPath's answers all have a page and a number of pages.
  const paged = data as Paged | null;
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
        {newButton && (
          <Link to={newButton.to} className={primaryButton}>
            {newButton.label}
          </Link>
        )}
      </div>
      <ListStates
        rows={data ? rows(data) : null}
        error={error}
        failed={<ErrorText className="mt-4">{error}</ErrorText>}
        loading={<p className="mt-4">{loading}</p>}
        empty={<p className="mt-4">{empty}</p>}
      >
        {(shown) => (
          <AdminTable className="mt-4 overflow-x-auto" caption={caption} columns={columns} headerClassName="py-2 pr-4" lastHeaderClassName="py-2">
            {shown.map((r) => (
              <Fragment key={r.id}>{row(r)}</Fragment>
            ))}
          </AdminTable>
        )}
      </ListStates>
      {paged && paged.pages > 1 && <PageButtons label={pagesLabel} page={page} shownPage={paged.page} pages={paged.pages} onPage={setPage} />}
    </div>
  );
}
