import { useRouteLoaderData } from "react-router";
import type { RootData } from "~/root";

/** The refund policy and the terms beside Pay, once the owner has published them; a new tab keeps the panel. */
export function CheckoutPolicyLinks() {
  const policies = (useRouteLoaderData<RootData>("root")?.policies ?? []).filter(
    (policy) => policy.slug === "refunds" || policy.slug === "terms",
  );
  if (policies.length === 0) return null;
  return (
    <ul className="checkout-panel__policies">
      {policies.map((policy) => (
        <li key={policy.slug}>
          <a href={policy.path} target="_blank" rel="noopener">
            {policy.label}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
