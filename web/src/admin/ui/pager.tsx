// The pages of a long list: "Previous page", "Page X of Y", "Next page".
import { Link } from 'react-router';
import { secondaryButton } from './styles';

/** Pages as links (the page lives in the address); only the links that lead somewhere are shown. */
export function PageLinks({ page, pages, to }: { page: number; pages: number; to: (page: number) => string }) {
  return (
    <nav aria-label="Pages" className="flex items-center gap-3 text-sm">
      {page > 1 && <Link to={to(page - 1)}>Previous page</Link>}
      <span>
        Page {page} of {pages}
      </span>
      {page < pages && <Link to={to(page + 1)}>Next page</Link>}
    </nav>
  );
}

interface PageButtonsProps {
  /** The nav's accessible name, e.g. "Pages of posts". */
  label: string;
  /** The page asked for (the buttons step from it). */
  page: number;
  /** The page the list on screen shows. */
  shownPage: number;
  pages: number;
  onPage: (page: number) => void;
}

/** Pages as buttons (the page lives in the screen's state); a button with nowhere to go is disabled. */
export function PageButtons({ label, page, shownPage, pages, onPage }: PageButtonsProps) {
  return (
    <nav aria-label={label} className="mt-4 flex items-center gap-3 text-sm">
      <button type="button" className={secondaryButton} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous page
      </button>
      <span>
        Page {shownPage} of {pages}
      </span>
      <button type="button" className={secondaryButton} disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next page
      </button>
    </nav>
  );
}
