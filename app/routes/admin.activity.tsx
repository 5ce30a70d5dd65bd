import { Link } from "react-router";
import { describeActivity, listActivity } from "~/.server/admin/activity";
import { requireOwner } from "~/.server/admin/owners";
import { formatMoment } from "~/.server/admin/today";
import { Pagination } from "~/components/pagination";
import { pageCount, parsePageNumber } from "~/lib/pagination";
import type { Route } from "./+types/admin.activity";
import { backOfficeTitle } from "~/lib/meta";

const PAGE_SIZE = 50;

export async function loader({ context, request, url }: Route.LoaderArgs) {
  await requireOwner(context.auth, request, url);
  const page = parsePageNumber(url.searchParams.get("page")) ?? 1;
  const { entries, total } = await listActivity(context.db, { number: page, size: PAGE_SIZE });
  const moment = formatMoment(context.config.timeZone);
  return {
    page,
    pages: pageCount(total, PAGE_SIZE),
    total,
    entries: entries.map((entry) => ({
      id: entry.id,
      when: moment(entry.created_at),
      who: entry.actor_name,
      subjectType: entry.subject_type,
      subject: entry.subject,
      ...describeActivity(entry),
    })),
  };
}

const LISTS: Record<string, string> = {
  category: "/admin/categories",
  catalog: "/admin/products",
  account: "/admin/account",
  shipping: "/admin/shipping",
  tax: "/admin/tax",
  setup: "/admin",
};

/** Where an entry's subject is managed: its order or product page, or the categories, products, account, shipping or tax screen (Today for the setup list). */
const subjectPath = (entry: { subjectType: string; subject: string }) =>
  LISTS[entry.subjectType] ?? `/admin/${entry.subjectType}s/${encodeURIComponent(entry.subject)}`;

export default function AdminActivity({ loaderData }: Route.ComponentProps) {
  const { page, pages, total, entries } = loaderData;
  return (
    <section className="admin-page" aria-labelledby="activity-title">
      <h1 id="activity-title" className="admin-page__title">
        Activity
      </h1>
      <p className="order-filters__summary">
        {`${total} ${total === 1 ? "entry" : "entries"}, kept as written`} ·{" "}
        <a href="/admin/activity.csv" className="admin-link">
          Download CSV
        </a>
      </p>
      {entries.length === 0 ? <p className="admin-empty">Nothing has been done in the back office yet.</p> : null}
      <ul className="admin-cards">
        {entries.map((entry) => (
          <li key={entry.id} className="admin-card">
            <p className="admin-card__title">
              {`${entry.what} `}
              <Link to={subjectPath(entry)} className="admin-card__number admin-link">
                {entry.subject}
              </Link>
            </p>
            <p className="admin-card__detail">{`${entry.when} · ${entry.who}`}</p>
            {entry.before ? <p className="admin-card__detail">{`Before: ${entry.before}`}</p> : null}
            {entry.after ? <p className="admin-card__detail">{`After: ${entry.after}`}</p> : null}
          </li>
        ))}
      </ul>
      <Pagination path="/admin/activity" page={page} pages={pages} label="activity" />
    </section>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [{ title: backOfficeTitle("Activity", matches) }];
