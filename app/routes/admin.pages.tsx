import { Form, data } from "react-router";
import { requireOwner } from "~/.server/admin/owners";
import { saveShopPage, shopPages } from "~/.server/settings/shop-settings";
import { Notice, Refusal } from "~/components/admin/notices";
import { type SetupAnswer, answerFor } from "~/components/admin/setup-answer";
import { FormField } from "~/components/form-field";
import { TextAreaField } from "~/components/text-area-field";
import { backOfficeTitle } from "~/lib/meta";
import { revalidateAfterEveryAnswer } from "~/lib/revalidate";
import { PAGE_FORMS, type PageFormName, type ShopPageKey, isPageForm, pageFormSchemas } from "~/lib/shop-pages";
import { fieldErrors } from "~/lib/zod";
import type { Route } from "./+types/admin.pages";

export async function loader({ context, request, url }: Route.LoaderArgs) {
  await requireOwner(context.auth, request, url);
  return { pages: await shopPages(context.db) };
}

/** Save of one page (`intent` names it): its fields checked, a refusal beside its field; nothing changes on one. */
export async function action({ context, request, url }: Route.ActionArgs) {
  const owner = await requireOwner(context.auth, request, url);
  const values = Object.fromEntries(
    [...(await request.formData())].filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
  const { intent = "", ...fields } = values;
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
  answer?: SetupAnswer;
}) {
  const { title, fields } = PAGE_FORMS[name];
  const { errors, values: typed } = answerFor(answer, name);
  const id = `page-${name}`;
  return (
    <Form method="post" className="admin-section stock-form" aria-labelledby={id}>
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
      <button type="submit" name="intent" value={name} className="button button--primary" aria-label={`Save ${title}`}>
        Save
      </button>
    </Form>
  );
}

export default function AdminPages({ loaderData, actionData }: Route.ComponentProps) {
  const answer: SetupAnswer | undefined = actionData;
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
