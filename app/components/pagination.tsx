import { Link } from "react-router";
import { pageLinks, pagePath } from "~/lib/pagination";

interface PaginationProps {
  /** The list's own URL: page 1. */
  path: string;
  page: number;
  pages: number;
  /** What is paged, for the navigation's accessible name: "Pages of Wax candles". */
  label: string;
}

export function Pagination({ path, page, pages, label }: PaginationProps) {
  if (pages <= 1) return null;
  return (
    <nav className="pagination" aria-label={`Pages of ${label}`}>
      <ul className="pagination__list">
        {page > 1 ? (
          <li>
            <Link to={pagePath(path, page - 1)} rel="prev" className="pagination__link">
              Previous
            </Link>
          </li>
        ) : null}
        {pageLinks(page, pages).map((number, index) =>
          number === null ? (
            <li key={`gap-${index}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={number}>
              <Link
                to={pagePath(path, number)}
                className="pagination__link"
                aria-label={`Page ${number}`}
                aria-current={number === page ? "page" : undefined}
              >
                {number}
              </Link>
            </li>
          ),
        )}
        {page < pages ? (
          <li>
            <Link to={pagePath(path, page + 1)} rel="next" className="pagination__link">
              Next
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
