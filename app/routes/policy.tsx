import { data } from "react-router";
import { renderMarkdown } from "~/.server/settings/markdown";
import { shopPages } from "~/.server/settings/shop-settings";
import { pageMeta } from "~/lib/meta";
import { POLICIES } from "~/lib/shop-pages";
import type { Route } from "./+types/policy";

/** /policies/{shipping,refunds,privacy,terms}: a policy the owner wrote; one she has not is not published (404). */
export async function loader({ context, params }: Route.LoaderArgs) {
  const policy = POLICIES.find((candidate) => candidate.slug === params.policy);
  const text = policy ? (await shopPages(context.db))[policy.key] : "";
  if (!policy || !text.trim()) throw data(null, { status: 404 });
  return { slug: policy.slug, label: policy.label, html: renderMarkdown(text) };
}

export default function Policy({ loaderData }: Route.ComponentProps) {
  return (
    <section className="page page--narrow prose">
      <h1 className="page__title">{loaderData.label}</h1>
      <div className="prose__text" dangerouslySetInnerHTML={{ __html: loaderData.html }} />
    </section>
  );
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta({
        title: loaderData.label,
        description: `${loaderData.label} of the shop.`,
        path: `/policies/${loaderData.slug}`,
        matches,
      })
    : [];
