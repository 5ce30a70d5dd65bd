import { Form, data } from "react-router";
import {
  type CategoryOutcome,
  createCategory,
  deleteCategory,
  listOwnerCategories,
  moveCategory,
  renameCategory,
  setCategoryPhoto,
} from "~/.server/admin/categories";
import { requireOwner } from "~/.server/admin/owners";
import { parsePhotoForm, photosOf } from "~/.server/admin/photo-upload";
import { FormField } from "~/components/form-field";
import { imageUrl } from "~/lib/images";
import { categoryActionSchema } from "~/lib/catalog-schemas";
import type { Route } from "./+types/admin.categories";
import { revalidateAfterEveryAnswer } from "~/lib/revalidate";
import { Notice, Refusal } from "~/components/admin/notices";
import { backOfficeTitle } from "~/lib/meta";

export async function loader({ context, request, url }: Route.LoaderArgs) {
  await requireOwner(context.auth, request, url);
  return { categories: await listOwnerCategories(context.db) };
}

type CategoryAnswer = { notice?: string; error?: { id: string; message: string } };

const NO_PHOTO = "Choose a photo for the tile.";

/** Every form of the screen: create, rename, move, tile photo, delete. Forms with a photo stream it in (photo-upload.ts). */
export async function action({ context, request, url }: Route.ActionArgs) {
  const owner = await requireOwner(context.auth, request, url);
  const upload = await parsePhotoForm(request, photosOf("category"));
  const fields = Object.fromEntries(
    [...(upload.form ?? [])].filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
  const refuse = (message: string) =>
    data<CategoryAnswer>({ error: { id: fields.id ?? "new", message } }, { status: 400 });
  if (upload.error !== undefined) return refuse(upload.error);
  const parsed = categoryActionSchema.safeParse(fields);
  if (!parsed.success) return refuse(parsed.error.issues[0]!.message);
  if (upload.photos.length > 1) return refuse("Choose one photo for the tile.");
  const [photo] = upload.photos;
  const options = { actor: { id: owner.id, displayName: owner.displayName }, now: Date.now() };
  const form = parsed.data;
  let outcome: CategoryOutcome;
  switch (form.intent) {
    case "create":
      if (!photo) return refuse(NO_PHOTO);
      outcome = await createCategory(context.db, form.title, photo, options);
      break;
    case "rename":
      outcome = await renameCategory(context.db, form.id, form.title, options);
      break;
    case "photo":
      if (!photo) return refuse(NO_PHOTO);
      outcome = await setCategoryPhoto(context.db, form.id, photo, options);
      break;
    case "delete":
      outcome = await deleteCategory(context.db, form.id, options);
      break;
    case "up":
    case "down":
      outcome = await moveCategory(context.db, form.id, form.intent === "up" ? -1 : 1, options);
      break;
    default:
      return refuse("Unknown action.");
  }
  if (outcome.kind === "refused")
    return data<CategoryAnswer>({ error: { id: fields.id ?? "new", message: outcome.message } }, { status: 409 });
  return { notice: outcome.notice } satisfies CategoryAnswer;
}

export const shouldRevalidate = revalidateAfterEveryAnswer;

const PHOTO_TYPES = "image/jpeg,image/png,image/webp,image/heic,image/heif";

export default function AdminCategories({ loaderData, actionData }: Route.ComponentProps) {
  const { categories } = loaderData;
  const answer: CategoryAnswer | undefined = actionData;
  const errorFor = (id: string) => (answer?.error?.id === id ? answer.error.message : undefined);
  return (
    <section className="admin-page" aria-labelledby="categories-title">
      <h1 id="categories-title" className="admin-page__title">
        Categories
      </h1>
      <Notice>{answer?.notice}</Notice>
      <ol className="admin-cards category-list">
        {categories.map((category, index) => (
          <li key={category.id} className="admin-card category-card" aria-labelledby={`category-${category.id}`}>
            <div className="product-row">
              <img src={imageUrl(category.imageUrl)} alt="" width={64} height={48} className="category-card__photo" />
              <div>
                <h2 id={`category-${category.id}`} className="admin-card__title category-card__title">
                  <a href={`/shop/${category.slug}`} className="admin-link">
                    {category.title}
                  </a>
                </h2>
                <p className="admin-card__detail">{`${category.products} ${category.products === 1 ? "product" : "products"} · /shop/${category.slug}`}</p>
              </div>
            </div>
            <Refusal message={errorFor(String(category.id))} />
            <Form method="post" encType="multipart/form-data" className="category-card__row" key={category.title}>
              <input type="hidden" name="id" value={category.id} />
              <FormField
                label={`Title of ${category.title}`}
                name="title"
                required
                maxLength={100}
                defaultValue={category.title}
              />
              <button
                type="submit"
                name="intent"
                value="rename"
                className="button"
                aria-label={`Rename ${category.title}`}
              >
                Rename
              </button>
            </Form>
            <Form method="post" encType="multipart/form-data" className="category-card__row">
              <input type="hidden" name="id" value={category.id} />
              <div className="form-field">
                <label htmlFor={`tile-${category.id}`}>{`Tile photo of ${category.title}`}</label>
                <input id={`tile-${category.id}`} type="file" name="photos" accept={PHOTO_TYPES} required />
              </div>
              <button
                type="submit"
                name="intent"
                value="photo"
                className="button"
                aria-label={`Set the tile photo of ${category.title}`}
              >
                Set photo
              </button>
            </Form>
            <Form method="post" encType="multipart/form-data" className="category-card__actions">
              <input type="hidden" name="id" value={category.id} />
              <button
                type="submit"
                name="intent"
                value="up"
                className="button"
                disabled={index === 0}
                aria-label={`Move ${category.title} up`}
              >
                Move up
              </button>
              <button
                type="submit"
                name="intent"
                value="down"
                className="button"
                disabled={index === categories.length - 1}
                aria-label={`Move ${category.title} down`}
              >
                Move down
              </button>
              {category.products === 0 ? (
                <button
                  type="submit"
                  name="intent"
                  value="delete"
                  className="button"
                  aria-label={`Delete ${category.title}`}
                >
                  Delete
                </button>
              ) : null}
            </Form>
          </li>
        ))}
      </ol>
      <Form
        method="post"
        encType="multipart/form-data"
        className="admin-section stock-form"
        aria-labelledby="new-category-title"
      >
        <h2 id="new-category-title" className="admin-section__title">
          New category
        </h2>
        <Refusal message={errorFor("new")} />
        <FormField
          label="Title"
          name="title"
          required
          maxLength={100}
          hint="Its address is the title in lower case: /shop/soy"
        />
        <div className="form-field">
          <label htmlFor="tile-new">Tile photo</label>
          <input id="tile-new" type="file" name="photos" accept={PHOTO_TYPES} required />
        </div>
        <button type="submit" name="intent" value="create" className="button button--primary">
          Add category
        </button>
      </Form>
    </section>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [{ title: backOfficeTitle("Categories", matches) }];
