import { Form } from "react-router";
import { Refusal } from "./notices";

/** Deleting for good, behind a confirmation box; hiding is usually what a season asks for. */
export function DeleteProductForm({ name, error }: { name: string; error?: string }) {
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
