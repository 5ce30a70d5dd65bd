import { data, redirect } from "react-router";
import type { ProductAnswer } from "~/components/admin/product-answer";
import { productFormSchema } from "~/lib/catalog-schemas";
import { MAX_PHOTO_ALT } from "~/lib/photo-alt";
import { fieldErrors } from "~/lib/zod";
import type { ProcessedPhoto } from "../catalog/photos";
import type { Db } from "../db";
import type { Actor } from "./activity";
import type { PhotoForm } from "./photo-upload";
import { deleteProduct } from "./product-delete";
import { saveProduct } from "./product-save";
import { answerStockEdit } from "./stock-actions";
import { answerOptions, answerValuePrice, answerVariant } from "./variant-actions";

/**
 * The forms of /admin/products/new and /admin/products/{id}, by their
 * intent: save (the product form, multipart with its photos: the only form
 * of /admin/products/new), add and set (stock-actions.ts), options, variant
 * and value-price (variant-actions.ts), delete. Each is read as it streams
 * in (photo-upload.ts); only save keeps photos.
 */

interface ActionOptions {
  actor: Actor;
  now: number;
}

/** The product form: its fields, and its photos in the owner's order with their alt texts. */
async function answerSave(
  db: Db,
  id: number | "new",
  upload: PhotoForm<ProcessedPhoto> & { form: FormData },
  values: Record<string, string>,
  options: ActionOptions,
) {
  const refuseSave = (fields: Record<string, string>) =>
    data<ProductAnswer>({ saveError: { fields, values } }, { status: 400 });
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
    db,
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

/** Delete, behind its confirmation box. */
async function answerDelete(db: Db, productId: number, values: Record<string, string>, options: ActionOptions) {
  if (values.confirm !== "on")
    return data<ProductAnswer>({ deleteError: "Tick the box to confirm, then Delete." }, { status: 400 });
  const outcome = await deleteProduct(db, productId, options);
  if (outcome.kind === "not_found") throw data(null, { status: 404 });
  if (outcome.kind === "refused") return data<ProductAnswer>({ deleteError: outcome.message }, { status: 409 });
  throw redirect(`/admin/products?deleted=${productId}`);
}

/** Answers the form the owner sent from a product's page (`id`, or "new" for /admin/products/new). */
export async function answerProductForm(
  db: Db,
  id: number | "new",
  upload: PhotoForm<ProcessedPhoto>,
  options: ActionOptions,
) {
  const values = Object.fromEntries(
    [...(upload.form ?? [])].filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
  // A form over its limits cannot be read: it is the product form, the only one with files.
  if (upload.form === undefined)
    return data<ProductAnswer>({ saveError: { fields: { photos: upload.error }, values } }, { status: 400 });
  // Stock and Delete act on a product: /admin/products/new has none.
  const existingId = () => {
    if (id === "new") throw data(null, { status: 404 });
    return id;
  };
  switch (values.intent) {
    case "save":
      return answerSave(db, id, upload, values, options);
    case "add":
    case "set":
      return answerStockEdit(db, existingId(), values.intent, values, options);
    case "options":
      return answerOptions(db, existingId(), upload.form, options);
    case "variant":
      return answerVariant(db, existingId(), values, options);
    case "value-price":
      return answerValuePrice(db, existingId(), values, options);
    case "delete":
      return answerDelete(db, existingId(), values, options);
    default:
      return data<ProductAnswer>({ error: "Unknown action." }, { status: 400 });
  }
}
