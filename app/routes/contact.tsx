import { useRouteLoaderData } from "react-router";
import { pageMeta } from "~/lib/meta";
import type { RootData } from "~/root";
import type { Route } from "./+types/contact";

export default function Contact() {
  const email = useRouteLoaderData<RootData>("root")?.shop.contactEmail;
  return (
    <section className="page page--narrow prose">
      <h1 className="page__title">Contact Us</h1>
      <p>
        Have a question about a candle, an order, or a gift for someone special? Send us an email and we will get back
        to you within two working days.
      </p>
      <p className="contact-email">
        <a href={`mailto:${email}`}>{email}</a>
      </p>
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
