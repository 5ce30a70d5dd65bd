import { Form, data } from "react-router";
import { requireOwner } from "~/.server/admin/owners";
import { parsePhotoForm } from "~/.server/admin/photo-upload";
import { processLogo } from "~/.server/catalog/photos";
import { saveShopSettings, setShopLogo, shopLogo, shopSettings } from "~/.server/settings/shop-settings";
import { shopSettingsSchema } from "~/.server/settings/settings-schema";
import { FormField } from "~/components/form-field";
import { Notice, Refusal } from "~/components/admin/notices";
import { type SetupAnswer, answerFor } from "~/components/admin/setup-answer";
import { TextAreaField } from "~/components/text-area-field";
import { backOfficeTitle } from "~/lib/meta";
import { revalidateAfterEveryAnswer } from "~/lib/revalidate";
import { LOGO_TYPES, SHOP_SETTING_LABELS } from "~/lib/settings-form";
import { fieldErrors } from "~/lib/zod";
import type { Route } from "./+types/admin.settings";

export async function loader({ context, request, url }: Route.LoaderArgs) {
  await requireOwner(context.auth, request, url);
  const [settings, logo] = await Promise.all([shopSettings(context.db, context.config), shopLogo(context.db)]);
  return { settings, logo };
}

/**
 * The screen's forms, by intent: Save (every field checked, each refusal beside its field with what was
 * typed; nothing changes on a refusal), a Logo upload (streamed in and processed as photos are), Remove logo.
 */
export async function action({ context, request, url }: Route.ActionArgs) {
  const owner = await requireOwner(context.auth, request, url);
  const upload = request.headers.get("content-type")?.startsWith("multipart/form-data")
    ? await parsePhotoForm(request, processLogo, "logo")
    : undefined;
  const form = upload ? upload.form : await request.formData();
  const values = Object.fromEntries(
    [...(form ?? [])].filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
  const refuse = (which: string, fields: Record<string, string>) =>
    data<SetupAnswer>({ error: { form: which, fields, values } }, { status: 400 });
  const options = { actor: { id: owner.id, displayName: owner.displayName }, now: Date.now() };
  // An upload over its limits could not be read as a form: it can only have been the logo's.
  if (upload && !upload.form) return refuse("logo", { logo: upload.error });
  switch (values.intent) {
    case "save": {
      const { intent: _intent, ...fields } = values;
      const parsed = shopSettingsSchema.safeParse(fields);
      if (!parsed.success) return refuse("settings", fieldErrors(parsed.error.issues));
      const outcome = await saveShopSettings(context.db, parsed.data, { ...options, config: context.config });
      return {
        notice:
          outcome.kind === "saved"
            ? `Saved: ${outcome.changed.map((key) => SHOP_SETTING_LABELS[key]).join(", ")}. The shop shows it now.`
            : "Nothing changed.",
      } satisfies SetupAnswer;
    }
    case "logo": {
      if (!upload || upload.error !== undefined) return refuse("logo", { logo: upload?.error ?? NO_LOGO });
      if (upload.photos.length !== 1) return refuse("logo", { logo: NO_LOGO });
      await setShopLogo(context.db, upload.photos[0]!, options);
      return { notice: "Logo saved: the nav, the browser's tab and a phone's home screen show it now." };
    }
    case "remove-logo":
      await setShopLogo(context.db, null, options);
      return { notice: "Logo removed: the shop's candle mark is back." };
    default:
      return refuse("page", { page: "Unknown action." });
  }
}

const NO_LOGO = "Choose one PNG, JPEG or WebP file for the logo.";

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
      <LogoForm logo={loaderData.logo} error={answerFor(answer, "logo").errors.logo} />
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

/** Logo: the one shown, with Remove logo, and an upload that replaces it; the shop's candle mark until one is. */
function LogoForm({ logo, error }: { logo: Route.ComponentProps["loaderData"]["logo"]; error: string | undefined }) {
  return (
    // No name of its own: getByLabel("Logo") must find the file input alone (DESIGN's label).
    <div className="admin-section stock-form">
      <h2 className="admin-section__title">Your logo</h2>
      {logo ? (
        <Form method="post" className="logo-form__current">
          <img
            src={logo.nav.url}
            alt="Your logo"
            width={Math.round(logo.nav.width / 2)}
            height={Math.round(logo.nav.height / 2)}
          />
          <button type="submit" name="intent" value="remove-logo" className="button button--secondary">
            Remove logo
          </button>
        </Form>
      ) : (
        <p className="form-field__hint">
          No logo yet: the nav, the browser&rsquo;s tab and a phone show the candle mark.
        </p>
      )}
      <Form method="post" encType="multipart/form-data" className="logo-form__upload">
        <FormField
          label="Logo"
          name="logo"
          type="file"
          accept={LOGO_TYPES}
          required
          hint="PNG, JPEG or WebP, up to 15 MB; a square or wide one. It also makes the tab’s icon and a phone’s home-screen icon."
          error={error}
        />
        <button type="submit" name="intent" value="logo" className="button button--primary">
          Upload logo
        </button>
      </Form>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [{ title: backOfficeTitle("Your shop", matches) }];
