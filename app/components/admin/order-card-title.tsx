import { Link } from "react-router";

/** The first line of an order's card: its number, linked to its page, and whom it goes to. */
export function OrderCardTitle({ number, name }: { number: string; name: string }) {
  return (
    <p className="admin-card__title">
      <Link to={`/admin/orders/${number}`} className="admin-card__number admin-link">
        {number}
      </Link>{" "}
      {name}
    </p>
  );
}
