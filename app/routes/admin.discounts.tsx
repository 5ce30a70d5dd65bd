import { Link, data } from "react-router";
import {
  deactivateDiscount,
  type DiscountOutcome,
  findDiscount,
  listDiscounts,
  saveDiscount,
} from "~/.server/admin/discounts";
import { requireOwner } from "~/.server/admin/owners";
import { DiscountForm, type DiscountFormValues } from "~/components/admin/discount-form";
import { Notice, Refusal } from "~/components/admin/notices";
import { RemoveForm } from "~/components/admin/remove-form";
import type { SetupAnswer } from "~/components/admin/setup-answer";
import { discountSchema } from "~/lib/discount-schema";
import { centsToDollars, formatPrice } from "~/lib/money";
import { revalidateAfterEveryAnswer } from "~/lib/revalidate";
import { rowIdSchema } from "~/lib/row-id";
import { fieldErrors } from "~/lib/zod";
import type { Route } from "./+types/admin.discounts";
import { backOfficeTitle } from "~/lib/meta";

const NEW_CODE: DiscountFormValues = {
  id: "",
  code: "",
  kind: "percent",
  value: "",
  minimum: "",
  starts: "",
  ends: "",
  totalUses: "",
  oncePerCustomer: "",
  active: "on",
};

export async function loader({ context, request, url }: Route.LoaderArgs) {
  await requireOwner(context.auth, request, url);
  const editId = rowIdSchema.safeParse(url.searchParams.get("edit"));
  const [codes, editing] = await Promise.all([
    listDiscounts(context.db),
    editId.success ? findDiscount(context.db, editId.data) : undefined,
  ]);
  const initial: DiscountFormValues = editing
    ? {
        id: String(editing.id),
        code: editing.code,
        kind: editing.kind,
        value:
          editing.kind === "amount"
            ? String(centsToDollars(editing.value))
            : editing.kind === "percent"
              ? String(editing.value)
              : "",
        minimum: editing.minimum_subtotal_cents === null ? "" : String(centsToDollars(editing.minimum_subtotal_cents)),
        starts: editing.starts_on ?? "",
        ends: editing.ends_on ?? "",
        totalUses: editing.max_uses === null ? "" : String(editing.max_uses),
        oncePerCustomer: editing.once_per_customer === 1 ? "on" : "",
        active: editing.active === 1 ? "on" : "",
      }
    : NEW_CODE;
  return {
    initial,
    codes: codes.map((row) => ({
      id: row.id,
      code: row.code,
      active: row.active === 1,
      terms: row.terms,
      uses:
        row.max_uses === null
          ? `${row.uses} ${row.uses === 1 ? "use" : "uses"}`
          : `${row.uses} of ${row.max_uses} uses`,
      sales: `$${formatPrice(row.salesCents)} sales · $${formatPrice(row.discountGivenCents)} discount given`,
    })),
  };
}

/** The screen's forms, by intent: save a new or edited code, deactivate one. */
export async function action({ context, request, url }: Route.ActionArgs) {
  const owner = await requireOwner(context.auth, request, url);
  const values = Object.fromEntries(
    [...(await request.formData())].filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
  const refuse = (which: string, fields: Record<string, string>, status = 400) =>
    data<SetupAnswer>({ error: { form: which, fields, values } }, { status });
  const options = { actor: { id: owner.id, displayName: owner.displayName }, now: Date.now() };
  let outcome: DiscountOutcome;
  switch (values.intent) {
    case "save": {
      const id = values.id ? rowIdSchema.safeParse(values.id) : undefined;
      if (id && !id.success) return refuse("page", { page: "Reload the page and try again." });
      const parsed = discountSchema.safeParse(values);
      if (!parsed.success) return refuse("discount", fieldErrors(parsed.error.issues));
      outcome = await saveDiscount(context.db, id?.data, parsed.data, options);
      if (outcome.kind === "refused")
        return refuse(outcome.field === "page" ? "page" : "discount", { [outcome.field]: outcome.message }, 409);
      break;
    }
    case "deactivate": {
      const id = rowIdSchema.safeParse(values.id);
      if (!id.success) return refuse("page", { page: "Reload the page and try again." });
      outcome = await deactivateDiscount(context.db, id.data, options);
      if (outcome.kind === "refused") return refuse("page", { page: outcome.message }, 409);
      break;
    }
    default:
      return refuse("page", { page: "Unknown action." });
  }
  return { notice: outcome.notice } satisfies SetupAnswer;
}

export const shouldRevalidate = revalidateAfterEveryAnswer;

export default function AdminDiscounts({ loaderData, actionData }: Route.ComponentProps) {
  const { codes, initial } = loaderData;
  const answer: SetupAnswer | undefined = actionData;
  return (
    <section className="admin-page" aria-labelledby="discounts-title">
      <h1 id="discounts-title" className="admin-page__title">
        Discount codes
      </h1>
      <Notice>{answer?.notice}</Notice>
      <Refusal message={answer?.error?.form === "page" ? Object.values(answer.error.fields)[0] : undefined} />
      <section className="admin-section" aria-labelledby="codes-title">
        <h2 id="codes-title" className="admin-section__title">
          Codes
        </h2>
        {codes.length === 0 ? (
          <p className="admin-empty">No code yet: shoppers see the field, and every code they try is refused.</p>
        ) : (
          <ul className="admin-cards">
            {codes.map((code) => (
              <li key={code.id} className="admin-card zone-rate">
                <div>
                  <p className="admin-card__title">{`${code.code} · ${code.terms}${code.active ? "" : " · Inactive"}`}</p>
                  <p className="admin-card__detail">{`${code.uses} · ${code.sales}`}</p>
                  <Link to={`?edit=${code.id}`} aria-label={`Edit ${code.code}`} className="admin-link">
                    Edit
                  </Link>
                </div>
                {code.active ? (
                  <RemoveForm intent="deactivate" name="id" value={code.id} label={`Deactivate ${code.code}`}>
                    Deactivate
                  </RemoveForm>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
      {initial.id ? (
        <Link to="/admin/discounts" className="admin-link">
          New code instead
        </Link>
      ) : null}
      <DiscountForm answer={answer} initial={initial} />
    </section>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [{ title: backOfficeTitle("Discount codes", matches) }];
