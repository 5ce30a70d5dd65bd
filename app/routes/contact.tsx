import { useRouteLoaderData } from "react-router";
import { renderMarkdown } from "~/.server/settings/markdown";
import { shopPages } from "~/.server/settings/shop-settings";
import { pageMeta } from "~/lib/meta";
import type { RootData } from "~/root";
import type { Route } from "./+types/contact";

/** SPEC's Contact text, or the owner's own (/admin/pages); the contact email is the shop's in either case. */
export async function loader({ context }: Route.LoaderArgs) {
  const { contactText } = await shopPages(context.db);
  return { html: contactText.trim() ? renderMarkdown(contactText) : undefined };
}

export default function Contact({ loaderData }: Route.ComponentProps) {
  const shop = useRouteLoaderData<RootData>("root")?.shop;
  const email = shop?.contactEmail;
  return (
    <section className="page page--narrow prose">
      <h1 className="page__title">Contact Us</h1>
      {loaderData.html ? (
        <div className="prose__text" dangerouslySetInnerHTML={{ __html: loaderData.html }} />
      ) : (
        <p>
          Have a question about a candle, an order, or a gift for someone special? Send us an email and we will get back
          to you within two working days.
        </p>
      )}
      <p className="contact-email">
        <a href={`mailto:${email}`}>{email}</a>
      </p>
      {shop?.phone ? (
        <p className="contact-email">
          <a href={`tel:${shop.phone.replaceAll(/[^+0-9]/g, "")}`}>{shop.phone}</a>
        </p>
      ) : null}
      {shop?.address ? <address className="contact-address">{shop.address}</address> : null}
    </section>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Contact Us",
    description: "Questions about a candle or an order? Send us an email.",
    path: "/contact",
    matches,
  });
