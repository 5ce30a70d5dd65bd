import {
  FormDataParseError,
  MaxFileSizeExceededError,
  MaxTotalSizeExceededError,
  parseFormData,
} from "@remix-run/form-data-parser";
import { data } from "react-router";
import { requireOwner } from "~/.server/admin/owners";
import {
  type TaxOutcome,
  listTaxSetup,
  removeTaxState,
  removeZipRates,
  replaceZipRates,
  saveTaxState,
  taxStateCodes,
} from "~/.server/admin/tax-setup";
import { taxReportScreen } from "~/.server/admin/tax-report-screen";
import { MAX_ZIP_RATES_CSV_BYTES, parseZipRatesCsv, zipRatesRefusal } from "~/.server/pricing/zip-rates-csv";
import { Notice, Refusal } from "~/components/admin/notices";
import { RemoveForm } from "~/components/admin/remove-form";
import { SalesByState } from "~/components/admin/sales-by-state";
import type { SetupAnswer } from "~/components/admin/setup-answer";
import { TaxStateForm, ZipRatesForm } from "~/components/admin/tax-forms";
import { TaxReport } from "~/components/admin/tax-report";
import { taxStateRemoveSchema, taxStateSchema } from "~/lib/pricing-schemas";
import { revalidateAfterEveryAnswer } from "~/lib/revalidate";
import { fieldErrors } from "~/lib/zod";
import type { Route } from "./+types/admin.tax";
import { backOfficeTitle } from "~/lib/meta";

export async function loader({ context, request, url }: Route.LoaderArgs) {
  await requireOwner(context.auth, request, url);
  const report = await taxReportScreen(context.db, { url, now: Date.now(), timeZone: context.config.timeZone });
  return data(
    { ...(await listTaxSetup(context.db)), ...report },
    { status: report.report.yearError || report.report.monthError ? 400 : 200 },
  );
}

const TOO_LARGE = `The file is larger than ${MAX_ZIP_RATES_CSV_BYTES / 1024 / 1024} MB: nothing changed.`;

/**
 * The screen's forms, by intent: add (or change) a tax state, remove one, upload ZIP rates (multipart, with its
 * file), remove a state's ZIP rates.
 */
export async function action({ context, request, url }: Route.ActionArgs) {
  const owner = await requireOwner(context.auth, request, url);
  const refuse = (which: string, fields: Record<string, string>, values: Record<string, string> = {}, status = 400) =>
    data<SetupAnswer>({ error: { form: which, fields, values } }, { status });
  let form: FormData;
  try {
    // The file's size is checked as it streams in, before any of it is read into text.
    form = await parseFormData(
      request,
      { maxFiles: 1, maxFileSize: MAX_ZIP_RATES_CSV_BYTES, maxTotalSize: MAX_ZIP_RATES_CSV_BYTES + 64 * 1024 },
      async (file) => (file.fieldName === "zipRates" && file.size > 0 ? await file.text() : undefined),
    );
  } catch (error) {
    // The rest of the body is left unread: the connection closes, so the next request does not land in it.
    if (error instanceof MaxFileSizeExceededError || error instanceof MaxTotalSizeExceededError)
      return data<SetupAnswer>(
        { error: { form: "upload", fields: { zipRates: TOO_LARGE }, values: {} } },
        { status: 413, headers: { Connection: "close" } },
      );
    if (error instanceof FormDataParseError)
      return refuse("upload", { zipRates: "The form did not arrive whole: choose the file and try again." });
    throw error;
  }
  const values = Object.fromEntries(
    [...form].filter((entry): entry is [string, string] => typeof entry[1] === "string" && entry[0] !== "zipRates"),
  );
  const options = { actor: { id: owner.id, displayName: owner.displayName }, now: Date.now() };
  let which: string;
  let outcome: TaxOutcome;
  switch (values.intent) {
    case "state": {
      which = "state";
      const parsed = taxStateSchema.safeParse(values);
      if (!parsed.success) return refuse(which, fieldErrors(parsed.error.issues), values);
      const { state, rate, taxShipping } = parsed.data;
      outcome = await saveTaxState(
        context.db,
        { state, rateMillionths: rate, taxesShipping: taxShipping === "on" },
        options,
      );
      break;
    }
    case "remove":
    case "remove-zip-rates": {
      which = "page";
      const parsed = taxStateRemoveSchema.safeParse(values);
      if (!parsed.success) return refuse(which, { page: "Reload the page and try again." });
      const remove = values.intent === "remove" ? removeTaxState : removeZipRates;
      outcome = await remove(context.db, parsed.data.state, options);
      break;
    }
    case "upload": {
      which = "upload";
      const text = form.get("zipRates");
      if (typeof text !== "string" || text === "")
        return refuse(which, { zipRates: "Choose the CSV file of ZIP rates." });
      const table = parseZipRatesCsv(text, await taxStateCodes(context.db));
      if (table.kind === "invalid") {
        const { message, problems } = zipRatesRefusal(table);
        return data<SetupAnswer>({ error: { form: which, fields: { zipRates: message }, values: {}, problems } }, 400);
      }
      outcome = await replaceZipRates(context.db, table, options);
      break;
    }
    default:
      return refuse("page", { page: "Unknown action." });
  }
  if (outcome.kind === "refused") return refuse(which, { [outcome.field]: outcome.message }, values, 409);
  return { notice: outcome.notice } satisfies SetupAnswer;
}

export const shouldRevalidate = revalidateAfterEveryAnswer;

export default function AdminTax({ loaderData, actionData }: Route.ComponentProps) {
  const { states, zipRates, report, salesByState } = loaderData;
  const answer: SetupAnswer | undefined = actionData;
  return (
    <section className="admin-page" aria-labelledby="tax-title">
      <h1 id="tax-title" className="admin-page__title">
        Sales tax
      </h1>
      <Notice>{answer?.notice}</Notice>
      <Refusal message={answer?.error?.form === "page" ? Object.values(answer.error.fields)[0] : undefined} />
      <section className="admin-section" aria-labelledby="tax-states-title">
        <h2 id="tax-states-title" className="admin-section__title">
          Tax states
        </h2>
        {states.length === 0 ? (
          <p className="admin-empty">No tax state yet, so checkout charges no sales tax.</p>
        ) : (
          <ul className="admin-cards">
            {states.map((state) => (
              <li key={state.state} className="admin-card zone-rate">
                <div>
                  <p className="admin-card__title">{`${state.name} · ${state.rate} %`}</p>
                  <p className="admin-card__detail">
                    {`Shipping ${state.taxesShipping ? "taxed" : "not taxed"} · ${state.zipRates} ZIP ${state.zipRates === 1 ? "rate" : "rates"}`}
                  </p>
                </div>
                <RemoveForm
                  intent="remove"
                  name="state"
                  value={state.state}
                  label={`Remove ${state.name}`}
                  question={`Remove ${state.name}? Checkout stops collecting its ${state.rate} % sales tax.`}
                  keep={`Keep ${state.name}`}
                >
                  Remove
                </RemoveForm>
              </li>
            ))}
          </ul>
        )}
      </section>
      <TaxStateForm answer={answer} />
      <ZipRatesForm answer={answer} zipRates={zipRates} />
      <TaxReport report={report} />
      <SalesByState sales={salesByState} />
    </section>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [{ title: backOfficeTitle("Sales tax", matches) }];
