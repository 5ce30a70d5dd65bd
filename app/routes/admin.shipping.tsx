import { Link, data } from "react-router";
import { requireOwner } from "~/.server/admin/owners";
import { productsWithoutWeight } from "~/.server/catalog/weight-rule";
import {
  type ShippingOutcome,
  addPresetZone,
  addRate,
  createZone,
  deleteRate,
  deleteZone,
  listShippingZones,
  zoneOfEachState,
} from "~/.server/admin/shipping-setup";
import { NewZoneForms } from "~/components/admin/new-zone-form";
import { Notice, Refusal } from "~/components/admin/notices";
import type { SetupAnswer } from "~/components/admin/setup-answer";
import { ZoneCard } from "~/components/admin/zone-card";
import { deleteSchema, presetZoneSchema, rateSchema, zoneSchema } from "~/lib/pricing-schemas";
import { revalidateAfterEveryAnswer } from "~/lib/revalidate";
import { fieldErrors } from "~/lib/zod";
import type { Route } from "./+types/admin.shipping";
import { backOfficeTitle } from "~/lib/meta";

export async function loader({ context, request, url }: Route.LoaderArgs) {
  await requireOwner(context.auth, request, url);
  const [zones, zoneOf, unweighed] = await Promise.all([
    listShippingZones(context.db),
    zoneOfEachState(context.db),
    productsWithoutWeight(context.db),
  ]);
  return { zones, zoneOf, unweighed };
}

/** Field errors by input name: a state's issue ("states.3") is the states' own. */
const errorsOf = (issues: Parameters<typeof fieldErrors>[0]) =>
  fieldErrors(issues.map((issue) => ({ ...issue, path: issue.path.slice(0, 1) })));

/** The screen's forms, by intent: a usual zone, a new zone, a rate, and deleting a zone or a rate. */
export async function action({ context, request, url }: Route.ActionArgs) {
  const owner = await requireOwner(context.auth, request, url);
  const form = await request.formData();
  const values = Object.fromEntries(
    [...form].filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
  const states = form.getAll("state").map(String);
  const refuse = (which: string, fields: Record<string, string>, status = 400) =>
    data<SetupAnswer>({ error: { form: which, fields, values: { ...values, states: states.join() } } }, { status });
  const options = { actor: { id: owner.id, displayName: owner.displayName }, now: Date.now() };
  let which: string;
  let outcome: ShippingOutcome;
  switch (values.intent) {
    case "preset": {
      which = "preset";
      const parsed = presetZoneSchema.safeParse(values);
      if (!parsed.success) return refuse(which, errorsOf(parsed.error.issues));
      outcome = await addPresetZone(context.db, parsed.data.preset, options);
      break;
    }
    case "zone": {
      which = "zone";
      const parsed = zoneSchema.safeParse({ name: values.name ?? "", states });
      if (!parsed.success) return refuse(which, errorsOf(parsed.error.issues));
      outcome = await createZone(context.db, parsed.data, options);
      break;
    }
    case "rate": {
      which = `rate-${values.zoneId}`;
      const parsed = rateSchema.safeParse(values);
      if (!parsed.success) return refuse(which, errorsOf(parsed.error.issues));
      outcome = await addRate(context.db, parsed.data, options);
      break;
    }
    case "deleteZone":
    case "deleteRate": {
      which = "page";
      const parsed = deleteSchema.safeParse(values);
      if (!parsed.success) return refuse(which, { page: "Reload the page and try again." });
      outcome = await (values.intent === "deleteZone" ? deleteZone : deleteRate)(context.db, parsed.data.id, options);
      break;
    }
    default:
      return refuse("page", { page: "Unknown action." });
  }
  if (outcome.kind === "refused") return refuse(which, { [outcome.field]: outcome.message }, 409);
  return { notice: outcome.notice } satisfies SetupAnswer;
}

export const shouldRevalidate = revalidateAfterEveryAnswer;

export default function AdminShipping({ loaderData, actionData }: Route.ComponentProps) {
  const { zones, zoneOf, unweighed } = loaderData;
  const answer: SetupAnswer | undefined = actionData;
  return (
    <section className="admin-page" aria-labelledby="shipping-title">
      <h1 id="shipping-title" className="admin-page__title">
        Shipping
      </h1>
      <Notice>{answer?.notice}</Notice>
      <Refusal message={answer?.error?.form === "page" ? Object.values(answer.error.fields)[0] : undefined} />
      {unweighed.length > 0 ? (
        <p className="admin-warning">
          {"These products have no weight, so rates by weight cannot price them: "}
          {unweighed.map((product, index) => (
            <span key={product.id}>
              {index > 0 ? ", " : null}
              <Link to={`/admin/products/${product.id}`}>{product.name}</Link>
            </span>
          ))}
        </p>
      ) : null}
      {zones.length === 0 ? (
        <p className="admin-empty">
          No shipping zone yet, so checkout charges no shipping. Once a zone exists, only its states can check out.
        </p>
      ) : (
        <ol className="admin-cards admin-section">
          {zones.map((zone) => (
            <ZoneCard key={zone.id} zone={zone} answer={answer} />
          ))}
        </ol>
      )}
      <NewZoneForms answer={answer} zoneOf={zoneOf} />
    </section>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [{ title: backOfficeTitle("Shipping", matches) }];
