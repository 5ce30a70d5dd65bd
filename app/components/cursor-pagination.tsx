import { Link } from "react-router";
import { cursorPath } from "~/lib/list-cursor";

interface CursorPaginationProps {
  /** The list's own URL, with its filters: the newest page. */
  path: string;
  /** The id of the first row shown, where there are newer ones. */
  newer?: number;
  /** The id of the last row shown, where there are older ones. */
  older?: number;
  /** What is paged, for the navigation's accessible name: "Pages of orders". */
  label: string;
}

/** Newer and Older links of a list paged by cursor (app/lib/list-cursor.ts). */
export function CursorPagination({ path, newer, older, label }: CursorPaginationProps) {
  if (newer === undefined && older === undefined) return null;
  return (
    <nav className="pagination" aria-label={`Pages of ${label}`}>
      <ul className="pagination__list">
        {newer !== undefined ? (
          <li>
            <Link to={cursorPath(path, "after", newer)} rel="prev" className="pagination__link">
              Newer
            </Link>
          </li>
        ) : null}
        {older !== undefined ? (
          <li>
            <Link to={cursorPath(path, "before", older)} rel="next" className="pagination__link">
              Older
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
