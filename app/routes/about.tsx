import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/about";

export default function About() {
  return (
    <section className="page page--narrow prose">
      <h1 className="page__title">Our Story</h1>
      <p>
        It started with a single jar of soy wax on a kitchen stove and a wish for a candle that smelled like the garden
        after rain. The first batches were gifts for friends; the friends asked for more, and then their friends did
        too.
      </p>
      <p>
        Today every candle is still poured by hand in small batches. We blend our own fragrances, trim every wick, and
        let each candle cure for two weeks before it leaves the workshop, so it burns clean and evenly from the first
        light to the last.
      </p>
      <p>
        We are a small team of makers who love slow evenings, warm light and the quiet ritual of lighting a candle.
        Thank you for being part of our journey.
      </p>
    </section>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Our Journey",
    description: "How a kitchen-stove hobby became a small workshop of hand-poured candles.",
    path: "/about",
    matches,
  });
