import { Form, data } from "react-router";
import { requireOwner } from "~/.server/admin/owners";
import { pageFormSchemas } from "~/.server/settings/pages-schema";
import { saveShopPage, shopPages, shopSettings } from "~/.server/settings/shop-settings";
import { Notice, Refusal } from "~/components/admin/notices";
import { type SetupAnswer, answerFor } from "~/components/admin/setup-answer";
import { FormField } from "~/components/form-field";
import { TextAreaField } from "~/components/text-area-field";
import { backOfficeTitle } from "~/lib/meta";
import { pageTemplate } from "~/lib/page-templates";
import { revalidateAfterEveryAnswer } from "~/lib/revalidate";
import { PAGE_FORMS, type PageFormName, isPageForm } from "~/lib/page-forms";
import type { ShopPageKey } from "~/lib/shop-pages";
import { fieldErrors, z } from "~/lib/zod";
import type { Route } from "./+types/admin.pages";

export async function loader({ context, request, url }: Route.LoaderArgs) {
  await requireOwner(context.auth, request, url);
  return { pages: await shopPages(context.db) };
}

/** An answer of this screen: besides a notice or a refusal, a template's text put in its form, not saved. */
type PagesAnswer = SetupAnswer & { draft?: { form: PageFormName; values: Record<string, string>; at: number } };

/** The refund policy template's return window: a number of days the owner types, 30 unless she does. */
const returnDaysSchema = z.coerce
  .number({ error: "Enter the days, like 30." })
  .int("Enter whole days, like 30.")
  .min(1, "Enter at least 1 day.")
  .max(365, "Enter at most 365 days.");

/**
 * Save of one page (`intent` names it): its fields checked, a refusal beside its field; nothing changes on one.
 * "Start from a template" (`template:{page}`) answers the page's starter text in its form, saving nothing.
 */
export async function action({ context, request, url }: Route.ActionArgs) {
  const owner = await requireOwner(context.auth, request, url);
  const values = Object.fromEntries(
    [...(await request.formData())].filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
  const { intent = "", returnDays = "30", ...fields } = values;
  const template = intent.startsWith("template:") ? intent.slice("template:".length) : undefined;
  if (template !== undefined && isPageForm(template)) {
    const days = returnDaysSchema.safeParse(returnDays || "30");
    if (!days.success)
      return data<PagesAnswer>(
        { error: { form: template, fields: { returnDays: days.error.issues[0]!.message }, values } },
        { status: 400 },
      );
    const shop = await shopSettings(context.db, context.config);
    const text = pageTemplate(template, { name: shop.name, email: shop.contactEmail, returnDays: days.data });
    return {
      notice: `The template is in ${PAGE_FORMS[template].title}'s form: read it, change it, and Save to publish it.`,
      draft: { form: template, values: { ...values, ...text }, at: Date.now() },
    } satisfies PagesAnswer;
  }
  if (!isPageForm(intent))
    return data<SetupAnswer>({ error: { form: "page", fields: { page: "Unknown action." }, values } }, { status: 400 });
  const parsed = pageFormSchemas[intent].safeParse(fields);
  if (!parsed.success)
    return data<SetupAnswer>(
      { error: { form: intent, fields: fieldErrors(parsed.error.issues), values } },
      { status: 400 },
    );
  const page = PAGE_FORMS[intent].title;
  const outcome = await saveShopPage(context.db, parsed.data, {
    actor: { id: owner.id, displayName: owner.displayName },
    now: Date.now(),
    page,
  });
  return { notice: outcome.kind === "saved" ? `${page} saved.` : `${page}: nothing changed.` } satisfies SetupAnswer;
}

export const shouldRevalidate = revalidateAfterEveryAnswer;

const HINTS: Partial<Record<ShopPageKey, string>> = {
  aboutText:
    "Markdown: a blank line between paragraphs, ## for a heading, - for a list, [words](https://…) for a link. Empty keeps the shop’s first text.",
  contactText: "Shown above your contact email. Empty keeps the shop’s first text.",
};

/** A policy's hint: empty leaves it unpublished. */
const POLICY_HINT = "Markdown, as About’s. Empty: the page is not published and not linked.";

function PageForm({
  name,
  pages,
  answer,
}: {
  name: PageFormName;
  pages: Record<ShopPageKey, string>;
  answer?: PagesAnswer;
}) {
  const { title, fields } = PAGE_FORMS[name];
  const draft = answer?.draft?.form === name ? answer.draft : undefined;
  const { errors, values: refused } = answerFor(answer, name);
  const typed = draft?.values ?? refused;
  const id = `page-${name}`;
  return (
    // A template's text replaces what the form holds: a new key, new fields.
    <Form method="post" className="admin-section stock-form" aria-labelledby={id} key={draft?.at ?? "saved"}>
      <h2 id={id} className="admin-section__title">
        {title}
      </h2>
      {(Object.entries(fields) as [ShopPageKey, string][]).map(([key, label]) =>
        key === "aboutTitle" || key === "aboutHeading" ? (
          <FormField
            key={key}
            label={label}
            name={key}
            maxLength={80}
            defaultValue={typed[key] ?? pages[key]}
            error={errors[key]}
          />
        ) : (
          <TextAreaField
            key={key}
            label={label}
            name={key}
            rows={8}
            hint={HINTS[key] ?? POLICY_HINT}
            defaultValue={typed[key] ?? pages[key]}
            error={errors[key]}
          />
        ),
      )}
      {name === "refunds" ? (
        <FormField
          label="Return window (days)"
          name="returnDays"
          inputMode="numeric"
          hint="For the template: how many days a shopper has to send a candle back."
          defaultValue={typed.returnDays ?? "30"}
          error={errors.returnDays}
        />
      ) : null}
      {/* Save first: Enter in a field presses a form's first button, and a template would replace her text. */}
      <div className="page-form__actions">
        <button type="submit" name="intent" value={name} className="button button--primary">
          Save
        </button>
        <button type="submit" name="intent" value={`template:${name}`} className="button button--secondary">
          Start from a template
        </button>
      </div>
    </Form>
  );
}

export default function AdminPages({ loaderData, actionData }: Route.ComponentProps) {
  const answer: PagesAnswer | undefined = actionData;
  return (
    <section className="admin-page" aria-labelledby="pages-title">
      <h1 id="pages-title" className="admin-page__title">
        Pages and policies
      </h1>
      <Notice>{answer?.notice}</Notice>
      <Refusal message={answer?.error?.form === "page" ? answer.error.fields.page : undefined} />
      {(Object.keys(PAGE_FORMS) as PageFormName[]).map((name) => (
        <PageForm key={name} name={name} pages={loaderData.pages} answer={answer} />
      ))}
    </section>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [{ title: backOfficeTitle("Pages and policies", matches) }];
