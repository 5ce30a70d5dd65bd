import {
  FormDataParseError,
  MaxFileSizeExceededError,
  MaxTotalSizeExceededError,
  parseFormData,
} from "@remix-run/form-data-parser";
import { Form, data } from "react-router";
import { recordActivity } from "~/.server/admin/activity";
import { requireOwner } from "~/.server/admin/owners";
import { CatalogFileError, parseCatalogText } from "~/.server/catalog/file";
import { importCatalog } from "~/.server/catalog/import";
import { type ImportPreview, previewImport } from "~/.server/catalog/import-preview";
import { variantClash } from "~/.server/catalog/variant-clashes";
import { weightsMissingMessage } from "~/.server/catalog/weight-rule";
import { MAX_CATALOG_FILE_BYTES } from "~/lib/catalog-schemas";
import type { Route } from "./+types/admin.import";
import { Notice, Refusal } from "~/components/admin/notices";
import { backOfficeTitle } from "~/lib/meta";

export async function loader({ context, request, url }: Route.LoaderArgs) {
  await requireOwner(context.auth, request, url);
  return null;
}

type ImportAnswer = { error?: string; preview?: ImportPreview & { text: string; replace: boolean }; notice?: string };

/**
 * Import the catalog file from the screen: Preview validates it as the CLI
 * does (all or nothing, errors naming the category, item and field) and
 * shows what would change; Import writes it, with an activity entry. The
 * previewed text goes round in the page, so what is imported is what was read.
 */
export async function action({ context, request, url }: Route.ActionArgs) {
  const owner = await requireOwner(context.auth, request, url);
  const refuse = (error: string) => data<ImportAnswer>({ error }, { status: 400 });
  let form: FormData;
  try {
    form = await parseFormData(
      request,
      { maxFiles: 1, maxFileSize: MAX_CATALOG_FILE_BYTES, maxTotalSize: 2 * MAX_CATALOG_FILE_BYTES + 64 * 1024 },
      async (file) => (file.fieldName === "file" && file.size > 0 ? await file.text() : undefined),
    );
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError || error instanceof MaxTotalSizeExceededError)
      return refuse("The file is larger than 20 MB.");
    if (error instanceof FormDataParseError)
      return refuse("The form did not arrive whole: choose one catalog file and try again.");
    throw error;
  }
  const text = form.get("file") ?? form.get("catalog");
  if (typeof text !== "string" || text === "") return refuse("Choose the catalog file (JSON) to import.");
  const replace = form.get("replace") === "on";
  let file;
  try {
    file = parseCatalogText(text);
  } catch (error) {
    if (error instanceof CatalogFileError) return refuse(`Nothing was imported: ${error.message}`);
    throw error;
  }
  switch (form.get("intent")) {
    case "preview": {
      const clash = await variantClash(context.db, file, { replace });
      if (clash) return refuse(`Nothing was imported: ${clash}`);
      return {
        preview: { ...(await previewImport(context.db, file, { replace })), text, replace },
      } satisfies ImportAnswer;
    }
    case "import": {
      const now = Date.now();
      const outcome = await importCatalog(context.db, file, {
        replace,
        record: (trx, summary) =>
          recordActivity(
            trx,
            { id: owner.id, displayName: owner.displayName },
            {
              action: "catalog.imported",
              subjectType: "catalog",
              subject: "catalog file",
              after: { ...summary, replace },
            },
            now,
          ),
      });
      if (outcome.kind === "weight_missing")
        return data<ImportAnswer>(
          { error: `Nothing was imported: ${weightsMissingMessage(outcome.products)}.` },
          { status: 409 },
        );
      if (outcome.kind === "clash") return refuse(`Nothing was imported: ${outcome.message}`);
      const { summary } = outcome;
      return {
        notice:
          `Imported ${summary.categories} categories and ${summary.products} products.` +
          (replace ? ` Removed ${summary.removedCategories} categories and ${summary.removedProducts} products.` : ""),
      } satisfies ImportAnswer;
    }
    default:
      return refuse("Unknown action.");
  }
}

const changes = ({ categories, products }: ImportPreview) =>
  categories.added.length +
  categories.changed.length +
  categories.removed.length +
  products.added.length +
  products.changed.length +
  products.removed.length;

function Names({ title, names }: { title: string; names: string[] }) {
  if (names.length === 0) return null;
  const shown = names.slice(0, 50);
  return (
    <div className="import-preview__group">
      <h3 className="import-preview__title">{`${title} (${names.length})`}</h3>
      <ul>
        {shown.map((name) => (
          <li key={name}>{name}</li>
        ))}
        {names.length > shown.length ? <li>{`… and ${names.length - shown.length} more`}</li> : null}
      </ul>
    </div>
  );
}

export default function AdminImport({ actionData }: Route.ComponentProps) {
  const answer: ImportAnswer | undefined = actionData;
  const preview = answer?.preview;
  const product = (item: { id: number; name: string }) => `${item.name} (${item.id})`;
  return (
    <section className="admin-page" aria-labelledby="import-title">
      <h1 id="import-title" className="admin-page__title">
        Import the catalog
      </h1>
      <p>
        The same JSON file as <code>npm run catalog:import</code> and the catalog download. Categories are matched by
        title and products by number; a product&apos;s stock becomes the file&apos;s.
      </p>
      <Notice>{answer?.notice}</Notice>
      <Refusal message={answer?.error} />
      {preview ? (
        <Form
          method="post"
          encType="multipart/form-data"
          className="admin-section import-preview"
          aria-labelledby="preview-title"
        >
          <h2 id="preview-title" className="admin-section__title">
            What the import changes
          </h2>
          <Names title="New categories" names={preview.categories.added} />
          <Names title="Changed categories" names={preview.categories.changed} />
          <Names title="Removed categories" names={preview.categories.removed} />
          <Names title="New products" names={preview.products.added.map(product)} />
          <Names
            title="Changed products"
            names={preview.products.changed.map((item) => `${product(item)}: ${item.fields.join(", ")}`)}
          />
          <Names title="Removed products" names={preview.products.removed.map(product)} />
          <p>
            {changes(preview) === 0
              ? "Nothing would change: the shop already holds this file."
              : `${preview.products.unchanged} ${preview.products.unchanged === 1 ? "product stays" : "products stay"} as they are.`}
          </p>
          <input type="hidden" name="catalog" value={preview.text} />
          {preview.replace ? <input type="hidden" name="replace" value="on" /> : null}
          <button type="submit" name="intent" value="import" className="button button--primary">
            Import
          </button>
        </Form>
      ) : null}
      <Form
        method="post"
        encType="multipart/form-data"
        className="admin-section stock-form"
        aria-labelledby="file-title"
        key={answer?.notice}
      >
        <h2 id="file-title" className="admin-section__title">
          {preview ? "Another file" : "Catalog file"}
        </h2>
        <div className="form-field">
          <label htmlFor="catalog-file">Catalog file (JSON)</label>
          <input id="catalog-file" type="file" name="file" accept="application/json,.json" required />
        </div>
        <label className="product-form__check">
          <input type="checkbox" name="replace" />
          Remove the categories and products the file does not list
        </label>
        <button type="submit" name="intent" value="preview" className="button">
          Preview
        </button>
      </Form>
    </section>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [{ title: backOfficeTitle("Import the catalog", matches) }];
