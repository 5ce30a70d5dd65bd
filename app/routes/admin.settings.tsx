import { Form, data } from "react-router";
import { requireOwner } from "~/.server/admin/owners";
import { saveShopSettings, shopSettings } from "~/.server/settings/shop-settings";
import { FormField } from "~/components/form-field";
import { Notice, Refusal } from "~/components/admin/notices";
import { type SetupAnswer, answerFor } from "~/components/admin/setup-answer";
import { TextAreaField } from "~/components/text-area-field";
import { backOfficeTitle } from "~/lib/meta";
import { revalidateAfterEveryAnswer } from "~/lib/revalidate";
import { SHOP_SETTING_LABELS, shopSettingsSchema } from "~/lib/shop-settings";
import { fieldErrors } from "~/lib/zod";
import type { Route } from "./+types/admin.settings";

export async function loader({ context, request, url }: Route.LoaderArgs) {
  await requireOwner(context.auth, request, url);
  return { settings: await shopSettings(context.db, context.config) };
}

/** Save: every field checked, each refusal beside its field with what was typed; nothing changes on a refusal. */
export async function action({ context, request, url }: Route.ActionArgs) {
  const owner = await requireOwner(context.auth, request, url);
  const values = Object.fromEntries(
    [...(await request.formData())].filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
  if (values.intent !== "save")
    return data<SetupAnswer>({ error: { form: "page", fields: { page: "Unknown action." }, values } }, { status: 400 });
  const { intent: _intent, ...fields } = values;
  const parsed = shopSettingsSchema.safeParse(fields);
  if (!parsed.success)
    return data<SetupAnswer>(
      { error: { form: "settings", fields: fieldErrors(parsed.error.issues), values } },
      { status: 400 },
    );
  const outcome = await saveShopSettings(context.db, parsed.data, {
    actor: { id: owner.id, displayName: owner.displayName },
    now: Date.now(),
    config: context.config,
  });
  return {
    notice:
      outcome.kind === "saved"
        ? `Saved: ${outcome.changed.map((key) => SHOP_SETTING_LABELS[key]).join(", ")}. The shop shows it now.`
        : "Nothing changed.",
  } satisfies SetupAnswer;
}

export const shouldRevalidate = revalidateAfterEveryAnswer;

/** The plain text fields, in the form's order, with what each is for. */
const FIELDS = [
  ["name", { required: true, maxLength: 60, hint: "Shown in the nav, every page's title, emails and receipts." }],
  ["tagline", { maxLength: 120, hint: "One line in the footer, before the credit." }],
  ["contactEmail", { type: "email", required: true, hint: "Shown on the Contact page." }],
  ["phone", { type: "tel", maxLength: 30, hint: "Optional." }],
] as const;

const SOCIAL = [
  ["facebook", "https://www.facebook.com/yourshop"],
  ["instagram", "https://www.instagram.com/yourshop"],
  ["etsy", "https://www.etsy.com/shop/yourshop"],
] as const;

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  const answer: SetupAnswer | undefined = actionData;
  const { errors, values: typed } = answerFor(answer, "settings");
  const value = (key: keyof typeof loaderData.settings) => typed[key] ?? loaderData.settings[key];
  return (
    <section className="admin-page" aria-labelledby="settings-title">
      <h1 id="settings-title" className="admin-page__title">
        Your shop
      </h1>
      <Notice>{answer?.notice}</Notice>
      <Refusal message={answer?.error?.form === "page" ? answer.error.fields.page : undefined} />
      <Form method="post" className="admin-section stock-form" aria-labelledby="settings-form-title">
        <h2 id="settings-form-title" className="admin-section__title">
          Name and contact
        </h2>
        {FIELDS.map(([key, field]) => (
          <FormField
            key={key}
            label={SHOP_SETTING_LABELS[key]}
            name={key}
            {...field}
            defaultValue={value(key)}
            error={errors[key]}
          />
        ))}
        <TextAreaField
          label={SHOP_SETTING_LABELS.address}
          name="address"
          rows={3}
          maxLength={300}
          hint="Optional: where your business is, as you would write it on a parcel."
          defaultValue={value("address")}
          error={errors.address}
        />
        <h2 className="admin-section__title">Links</h2>
        {SOCIAL.map(([key, example]) => (
          <FormField
            key={key}
            label={SHOP_SETTING_LABELS[key]}
            name={key}
            type="url"
            inputMode="url"
            hint={`Your page's https link, like ${example}. Empty hides the link.`}
            defaultValue={value(key)}
            error={errors[key]}
          />
        ))}
        <h2 className="admin-section__title">Announcement</h2>
        <FormField
          label={SHOP_SETTING_LABELS.announcement}
          name="announcement"
          maxLength={140}
          hint="One line above the nav on every page, like “Free shipping over $75 this week”. Empty shows none."
          defaultValue={value("announcement")}
          error={errors.announcement}
        />
        <FormField
          label={SHOP_SETTING_LABELS.announcementLink}
          name="announcementLink"
          hint="Optional: a page of the shop, like /shop/seasonal, or an https link."
          defaultValue={value("announcementLink")}
          error={errors.announcementLink}
        />
        <button type="submit" name="intent" value="save" className="button button--primary">
          Save
        </button>
      </Form>
    </section>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [{ title: backOfficeTitle("Your shop", matches) }];
