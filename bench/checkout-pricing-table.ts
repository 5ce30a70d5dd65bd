import { benchCheckoutPricing } from "./checkout-pricing";
import { PRICING_SETUP } from "./pricing-setup";
import { type BenchReport, measuredOn, type ReportRun } from "./report";
import { liftedLimits } from "./shop-server";
import { ENGINE } from "./back-office-run";
import { ratioCell as cell, within } from "./ratio-cell";
import type { CheckoutPricingResults, PricingVariantFigure } from "./checkout-pricing";
import type { RoundRatios } from "./results";
import { median } from "./stats";

const count = (value: number) => Math.round(value).toLocaleString("en-US");
const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));

/** Within 10 % of the checkout compared with: a rate at least 0.9 times its, a CPU time at most 1.1. */
const LIMIT = 0.1;
const WITHIN = within(LIMIT);

const ratioCell = (ratios: RoundRatios, isWithin: (ratio: number) => boolean) => cell(ratios, isWithin, LIMIT);

/** Shipping and tax are compared with nothing set up; a code with the same shop without one. */
const COMPARED_WITH = { none: "", shipping_tax: "nothing set up", code: "the same without the code" };

const invariantNote = ({ invariant }: PricingVariantFigure) =>
  `${invariant.ok ? "stock invariant ok" : `STOCK INVARIANT BROKEN for ${invariant.mismatches.length} products`} ` +
  `(${count(invariant.orders)} orders, ${invariant.paidOrders} paid)`;

/**
 * The `--checkout-pricing` run as Markdown: each engine's three setups, their
 * rates, and each one's ratios to the setup it is compared with.
 */
export function renderCheckoutPricingTable(results: CheckoutPricingResults): string {
  const { machine, loadAverage, settings, catalog, setup } = results;
  const what = {
    none: "nothing set up (as a fresh shop)",
    shipping_tax: `zone "${setup.zone}", flat rate $${setup.rate.price}, ${setup.tax.state} taxed at ${setup.tax.rate} %`,
    code: `the same and code ${setup.code.code} (${setup.code.percent} % off, no use limit)`,
  };
  const lines = [
    `Measured ${results.date.slice(0, 16).replace("T", " ")} UTC on ${machine.cores} cores (${machine.cpu}), Node ${machine.node}; load average ${loadAverage.start.toFixed(1)} at the start, ${loadAverage.end.toFixed(1)} at the end.`,
    `POST /api/checkout on three shops at once, the demo catalog (${catalog.products} products, stock raised by an import) in each, set up through the back office; every checkout ships to ${setup.tax.state} from an address of its own, with the shipping method, the total and the code its cart's quote gave. ${results.loadGenerator.name} ${results.loadGenerator.version}, ${settings.connections} connections, ${settings.rounds} rounds of ${settings.seconds} s a shop (at most ${count(settings.maxRequestsPerRun)} checkouts a run), each round starting from the next shop; the ratio is the median of the rounds' ratios.`,
    "",
    "| engine | set up | orders/s (median) | each round | p50 / p95 | shop CPU per order (median) | compared with | orders/s against it: median, each round | CPU per order against it: median, each round | notes |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ...results.engines
      .flatMap((engine) =>
        engine.variants.map((figure) => {
          const against = figure.variant === "none" ? undefined : engine.ratios[figure.variant];
          const load =
            figure.variant === "none"
              ? `; load average ${engine.loadAverage.start.toFixed(1)} → ${engine.loadAverage.end.toFixed(1)}`
              : "";
          return [
            ENGINE[engine.engine],
            what[figure.variant],
            count(figure.median.requestsPerSecond),
            figure.rounds.map(count).join(", "),
            `${ms(figure.median.p50Ms)} / ${ms(figure.median.p95Ms)} ms`,
            `${median(figure.cpuMsPerOrder).toFixed(2)} ms`,
            COMPARED_WITH[figure.variant],
            against ? ratioCell(against.rate, WITHIN.rate) : "",
            against ? ratioCell(against.cpu, WITHIN.cpu) : "",
            `${invariantNote(figure)}${load}`,
          ].join(" | ");
        }),
      )
      .map((row) => `| ${row} |`),
    "",
    ...results.engines.map(({ engine, ratios: { code_against_none: against } }) =>
      [
        `- ${ENGINE[engine]}: the code against nothing set up, orders/s ${ratioCell(against.rate, WITHIN.rate)};`,
        `CPU per order ${ratioCell(against.cpu, WITHIN.cpu)}.`,
      ].join(" "),
    ),
  ];
  return lines.join("\n") + "\n";
}

/** Checkout with nothing set up, with shipping and tax, and with a code too: each engine, alternating rounds. */
export async function checkoutPricingReport(run: ReportRun): Promise<BenchReport<CheckoutPricingResults>> {
  const { settings, generator, postgresServer, workDir, rounds } = run;
  const { products, categories, maxRequests, engines } = await benchCheckoutPricing({
    generator,
    settings,
    rounds,
    postgresServer,
    workDir,
  });
  const results: CheckoutPricingResults = {
    ...measuredOn(run),
    settings: { connections: settings.connections, seconds: settings.seconds, rounds, maxRequestsPerRun: maxRequests },
    shopEnv: liftedLimits,
    catalog: { products, categories },
    setup: PRICING_SETUP,
    engines,
  };
  const table = renderCheckoutPricingTable(results);
  return { results, table, block: "bench-checkout-pricing", readme: table };
}
