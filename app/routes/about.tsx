import { renderMarkdown } from "~/.server/settings/markdown";
import { shopPages } from "~/.server/settings/shop-settings";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/about";

/** SPEC's Our Journey, or the owner's own (/admin/pages): her title, heading and Markdown text. */
export async function loader({ context }: Route.LoaderArgs) {
  const { aboutTitle, aboutHeading, aboutText } = await shopPages(context.db);
  return { title: aboutTitle, heading: aboutHeading, html: aboutText.trim() ? renderMarkdown(aboutText) : undefined };
}

export default function About({ loaderData }: Route.ComponentProps) {
  const { heading, html } = loaderData;
  return (
    <section className="page page--narrow prose">
      <h1 className="page__title">{heading}</h1>
      {html ? (
        <div className="prose__text" dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <>
          <p>
            It started with a single jar of soy wax on a kitchen stove and a wish for a candle that smelled like the
            garden after rain. The first batches were gifts for friends; the friends asked for more, and then their
            friends did too.
          </p>
          <p>
            Today every candle is still poured by hand in small batches. We blend our own fragrances, trim every wick,
            and let each candle cure for two weeks before it leaves the workshop, so it burns clean and evenly from the
            first light to the last.
          </p>
          <p>
            We are a small team of makers who love slow evenings, warm light and the quiet ritual of lighting a candle.
            Thank you for being part of our journey.
          </p>
        </>
      )}
    </section>
  );
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  pageMeta({
    title: loaderData?.title ?? "Our Journey",
    description: "How a kitchen-stove hobby became a small workshop of hand-poured candles.",
    path: "/about",
    matches,
  });
