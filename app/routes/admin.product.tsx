import { Form, Link, data, redirect } from "react-router";
import { requireOwner } from "~/.server/admin/owners";
import { deleteProduct } from "~/.server/admin/product-delete";
import { saveProduct } from "~/.server/admin/product-save";
import { categoryChoices, findOwnerProduct } from "~/.server/admin/products";
import { addStock, setStock, type StockOutcome } from "~/.server/admin/stock";
import { parsePhotoForm, photosOf } from "~/.server/admin/photo-upload";
import { FieldError, FormField } from "~/components/form-field";
import { SelectField } from "~/components/select-field";
import { StockForms } from "~/components/admin/stock-forms";
import type { ProductAnswer } from "~/components/admin/product-answer";
import { OptionsForm } from "~/components/admin/options-form";
import { ValuePriceForm } from "~/components/admin/value-price-form";
import { VariantRows } from "~/components/admin/variant-rows";
import { answerVariantForm } from "~/.server/admin/variant-actions";
import { PhotoList } from "~/components/admin/photo-list";
import { shownPrice } from "~/lib/catalog";
import { MAX_PHOTO_ALT } from "~/lib/photo-alt";
import { formatOunces } from "~/lib/weight";
import { productFormSchema, stockEditSchema } from "~/lib/catalog-schemas";
import { fieldErrors } from "~/lib/zod";
import type { Route } from "./+types/admin.product";
import { revalidateAfterEveryAnswer } from "~/lib/revalidate";
import { Notice, Refusal } from "~/components/admin/notices";
import { backOfficeTitle } from "~/lib/meta";

/** `/admin/products/new` and `/admin/products/{id}`; anything else is not found. */
function productIdOf(param: string): number | "new" {
  if (param === "new") return "new";
  // Product numbers are 32-bit integers (catalog file and database alike).
  if (!/^[1-9]\d{0,9}$/.test(param) || Number(param) > 2_147_483_647) throw data(null, { status: 404 });
  return Number(param);
}

export async function loader({ context, params, request, url }: Route.LoaderArgs) {
  await requireOwner(context.auth, request, url);
  const id = productIdOf(params.id);
  const categories = await categoryChoices(context.db);
  if (id === "new") return { product: undefined, categories, created: false };
  const product = await findOwnerProduct(context.db, id);
  if (!product) throw data(null, { status: 404 });
  return { product, categories, created: url.searchParams.has("created") };
}

const STOCK_NOTICES = {
  below_zero: (stock: number) =>
    `Nothing changed: there are only ${stock} in stock, so the stock cannot go below zero.`,
  stale: (stock: number) => `Nothing changed: the stock changed while you were editing. It is now ${stock}.`,
} as const;

/** A stock edit's answer, beside the variant's forms: the new stock, or why nothing changed. */
function stockAnswer(intent: "add" | "set", stockVariant: number | undefined, outcome: StockOutcome) {
  if (outcome.kind === "not_found") throw data(null, { status: 404 });
  if (outcome.kind === "changed")
    return data<ProductAnswer>({ stockNotice: `Stock is now ${outcome.stock}.`, stockVariant });
  return data<ProductAnswer>(
    { stockError: { intent, message: STOCK_NOTICES[outcome.kind](outcome.stock) }, stockVariant },
    { status: 409 },
  );
}

const stockRefused = (intent: "add" | "set", stockVariant: number | undefined, message: string) =>
  data<ProductAnswer>({ stockError: { intent, message }, stockVariant }, { status: 400 });

/**
 * The page's forms, by their intent: save (the product form, multipart with
 * its photos: the only form of /admin/products/new), add and set (stock),
 * options, variant and value-price (variant-actions.ts), delete. Each is read as it streams in (photo-upload.ts); only save keeps photos.
 */
export async function action({ context, params, request, url }: Route.ActionArgs) {
  const owner = await requireOwner(context.auth, request, url);
  const id = productIdOf(params.id);
  const options = { actor: { id: owner.id, displayName: owner.displayName }, now: Date.now() };
  const upload = await parsePhotoForm(request, photosOf("product"));
  const values = Object.fromEntries(
    [...(upload.form ?? [])].filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
  const refuseSave = (fields: Record<string, string>) =>
    data<ProductAnswer>({ saveError: { fields, values } }, { status: 400 });
  // A form over its limits cannot be read: it is the product form, the only one with files.
  if (upload.form === undefined) return refuseSave({ photos: upload.error });
  // Stock and Delete act on a product: /admin/products/new has none.
  const existingId = () => {
    if (id === "new") throw data(null, { status: 404 });
    return id;
  };
  switch (values.intent) {
    case "save": {
      if (upload.error !== undefined) return refuseSave({ photos: upload.error });
      const parsed = productFormSchema.safeParse(values);
      if (!parsed.success) return refuseSave(fieldErrors(parsed.error.issues));
      const positions = upload.form.getAll("photoPosition").map(String);
      // One line, as a screen reader reads it.
      const alts = upload.form.getAll("photoAlt").map((alt) => String(alt).replace(/\s+/g, " ").trim());
      if (alts.some((alt) => alt.length > MAX_PHOTO_ALT))
        return refuseSave({ photos: `An alt text has at most ${MAX_PHOTO_ALT} characters.` });
      const removed = new Set(upload.form.getAll("removePhoto").map(String));
      const keep = upload.form
        .getAll("photoUrl")
        .map((url, index) => ({
          url: String(url),
          position: Number(positions[index]) || index + 1,
          alt: alts[index] ?? "",
        }))
        .filter((photo) => !removed.has(photo.url));
      const outcome = await saveProduct(
        context.db,
        id === "new" ? undefined : id,
        parsed.data,
        { keep, uploads: upload.photos },
        options,
      );
      if (outcome.kind === "not_found") throw data(null, { status: 404 });
      if (outcome.kind === "refused") return refuseSave({ [outcome.field]: outcome.message });
      if (id === "new") throw redirect(`/admin/products/${outcome.product.id}?created`);
      return data<ProductAnswer>({ saveNotice: "Saved. The shop shows the change now." });
    }
    case "add":
    case "set": {
      const productId = existingId();
      const edit = stockEditSchema.safeParse(values);
      const stockVariant = Number(values.variant) || undefined;
      if (!edit.success) return stockRefused(values.intent, stockVariant, edit.error.issues[0]!.message);
      const outcome =
        edit.data.intent === "add"
          ? await addStock(
              context.db,
              { productId, variantId: edit.data.variant, delta: edit.data.delta, reason: edit.data.reason },
              options,
            )
          : await setStock(
              context.db,
              { productId, variantId: edit.data.variant, stock: edit.data.stock, expected: edit.data.expected },
              options,
            );
      return stockAnswer(edit.data.intent, stockVariant, outcome);
    }
    case "options":
    case "variant":
    case "value-price":
      return answerVariantForm(context.db, existingId(), values.intent, upload.form, options);
    case "delete": {
      const productId = existingId();
      if (values.confirm !== "on")
        return data<ProductAnswer>({ deleteError: "Tick the box to confirm, then Delete." }, { status: 400 });
      const outcome = await deleteProduct(context.db, productId, options);
      if (outcome.kind === "not_found") throw data(null, { status: 404 });
      if (outcome.kind === "refused") return data<ProductAnswer>({ deleteError: outcome.message }, { status: 409 });
      throw redirect(`/admin/products?deleted=${productId}`);
    }
    default:
      return data<ProductAnswer>({ error: "Unknown action." }, { status: 400 });
  }
}

/** A refused stock edit shows the stock as it now is, and Set stock to expects it. */
export const shouldRevalidate = revalidateAfterEveryAnswer;

export default function AdminProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { product, categories, created } = loaderData;
  const answer: ProductAnswer | undefined = actionData;
  const errors = answer?.saveError?.fields ?? {};
  const typed = answer?.saveError?.values;
  const value = (field: string, saved: string) => typed?.[field] ?? saved;
  const notice = answer ? answer.saveNotice : created ? "Product added. Add its stock below." : undefined;
  return (
    <section className="admin-page" aria-labelledby="product-title">
      <p className="admin-back">
        <Link to="/admin/products" className="admin-link">
          ← Products
        </Link>
      </p>
      <h1 id="product-title" className="admin-page__title">
        {product ? product.name : "New product"}
      </h1>
      <Notice>{notice}</Notice>
      <Refusal message={answer?.error} />
      {product ? (
        <>
          <p className="admin-status">
            {`Number ${product.id} · ${product.visible ? "Visible in the shop" : "Hidden from the shop"} · ${shownPrice(product)}`}
            {product.visible ? (
              <>
                {" · "}
                <a href={`/shop/${product.categorySlug}/${product.id}`} className="admin-link">
                  View in the shop
                </a>
              </>
            ) : null}
          </p>
          {product.options.length > 0 ? (
            <>
              <VariantRows
                variants={product.variants}
                photos={product.images.length}
                lowStockAt={product.lowStockAt}
                answer={answer}
              />
              <ValuePriceForm options={product.options} answer={answer} />
            </>
          ) : (
            <StockForms
              variant={product.variants[0]!.id}
              stock={product.variants[0]!.stock}
              lowStockAt={product.lowStockAt}
              answer={answer}
            />
          )}
        </>
      ) : null}
      <Form
        method="post"
        encType="multipart/form-data"
        className="admin-section product-form"
        aria-labelledby="details-title"
        key={product?.images.join()}
      >
        <input type="hidden" name="intent" value="save" />
        <h2 id="details-title" className="admin-section__title">
          Details
        </h2>
        <FormField
          label="Name"
          name="name"
          required
          maxLength={200}
          defaultValue={value("name", product?.name ?? "")}
          error={errors.name}
        />
        {product && product.options.length > 0 ? null : (
          <>
            <FormField
              label="Price"
              name="price"
              required
              inputMode="decimal"
              hint="In dollars, like 12.34"
              defaultValue={value("price", product ? (product.priceCents / 100).toFixed(2) : "")}
              error={errors.price}
            />
            <FormField
              label="Weight (oz)"
              name="weight"
              inputMode="decimal"
              hint="Packed for shipping, like 8.5; needed while rates by weight are set up"
              defaultValue={value("weight", product?.weight == null ? "" : formatOunces(product.weight))}
              error={errors.weight}
            />
          </>
        )}
        <FormField
          label="Scent"
          name="scent"
          maxLength={200}
          defaultValue={value("scent", product?.scent ?? "")}
          error={errors.scent}
        />
        <div className="form-field">
          <label htmlFor="product-description">Description</label>
          <textarea
            id="product-description"
            name="description"
            rows={5}
            maxLength={5000}
            defaultValue={value("description", product?.description ?? "")}
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={errors.description ? "product-description-error" : undefined}
          />
          <FieldError fieldId="product-description" error={errors.description} />
        </div>
        <SelectField
          label="Category"
          name="category"
          defaultValue={value("category", product?.categorySlug ?? categories[0]?.slug ?? "")}
          error={errors.category}
          options={categories.map((category) => ({ value: category.slug, label: category.title }))}
        />
        <FormField
          label="Low-stock alert at"
          name="lowStockAt"
          type="number"
          min={0}
          required
          inputMode="numeric"
          hint="Today lists the product once its stock is this or less"
          defaultValue={value("lowStockAt", String(product?.lowStockAt ?? 3))}
          error={errors.lowStockAt}
        />
        <PhotoList
          name={product?.name ?? "the product"}
          images={product?.images ?? []}
          alts={product?.imageAlts ?? {}}
          error={errors.photos}
        />
        <label className="product-form__check">
          <input
            type="checkbox"
            name="visible"
            defaultChecked={typed ? typed.visible === "on" : (product?.visible ?? true)}
          />
          Visible in the shop
        </label>
        <Refusal message={errors.visible} />
        <button type="submit" className="button button--primary product-form__save">
          Save
        </button>
      </Form>
      {product ? <OptionsForm options={product.options} answer={answer} /> : null}
      {product ? <DeleteProduct name={product.name} error={answer?.deleteError} /> : null}
    </section>
  );
}

/** Deleting for good, behind a confirmation box; hiding is usually what a season asks for. */
function DeleteProduct({ name, error }: { name: string; error?: string }) {
  return (
    <Form method="post" className="admin-section stock-form" aria-labelledby="delete-title">
      <h2 id="delete-title" className="admin-section__title">
        Delete
      </h2>
      <p>
        To take a candle off the shop for a season, untick “Visible in the shop” instead. Past orders keep what they
        bought either way.
      </p>
      <Refusal message={error} />
      <input type="hidden" name="intent" value="delete" />
      <label className="product-form__check">
        <input type="checkbox" name="confirm" required />
        {`Yes, delete ${name} for good`}
      </label>
      <button type="submit" className="button">
        Delete product
      </button>
    </Form>
  );
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => [
  { title: backOfficeTitle(loaderData?.product ? loaderData.product.name : "New product", matches) },
];
