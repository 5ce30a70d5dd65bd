import { Form, Link, data } from "react-router";
import { requireOwner } from "~/.server/admin/owners";
import { answerProductForm } from "~/.server/admin/product-actions";
import { categoryChoices, findOwnerProduct } from "~/.server/admin/products";
import { parsePhotoForm, photosOf } from "~/.server/admin/photo-upload";
import { FieldError, FormField } from "~/components/form-field";
import { SelectField } from "~/components/select-field";
import { StockForms } from "~/components/admin/stock-forms";
import type { ProductAnswer } from "~/components/admin/product-answer";
import { OptionsForm } from "~/components/admin/options-form";
import { ValuePriceForm } from "~/components/admin/value-price-form";
import { VariantRows } from "~/components/admin/variant-rows";
import { PhotoList } from "~/components/admin/photo-list";
import { DeleteProductForm } from "~/components/admin/delete-product-form";
import { shownPrice } from "~/lib/catalog";
import { formatOunces } from "~/lib/weight";
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

/** The page's forms, each sent by its intent (product-actions.ts). */
export async function action({ context, params, request, url }: Route.ActionArgs) {
  const owner = await requireOwner(context.auth, request, url);
  const id = productIdOf(params.id);
  const options = { actor: { id: owner.id, displayName: owner.displayName }, now: Date.now() };
  const upload = await parsePhotoForm(request, photosOf("product"));
  return answerProductForm(context.db, id, upload, options);
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
      {product ? <DeleteProductForm name={product.name} error={answer?.deleteError} /> : null}
    </section>
  );
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => [
  { title: backOfficeTitle(loaderData?.product ? loaderData.product.name : "New product", matches) },
];
