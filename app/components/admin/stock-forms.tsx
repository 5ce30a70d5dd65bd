import { Form } from "react-router";
import { FormField } from "~/components/form-field";
import { Notice } from "~/components/admin/notices";

export interface StockAnswer {
  stockNotice?: string;
  stockError?: { intent: string; message: string };
  saveNotice?: string;
}

interface StockFormsProps {
  /** The variant whose stock the forms change (a product without options has one). */
  variant: number;
  stock: number;
  lowStockAt: number;
  answer: StockAnswer | undefined;
}

/**
 * DESIGN.md's two stock controls: Add stock (a signed delta with a reason)
 * and Set stock to (which applies only if the stock is still the number shown
 * here). Both forms are keyed by the stock, so after any change they show the
 * current number.
 */
export function StockForms({ variant, stock, lowStockAt, answer }: StockFormsProps) {
  const error = (intent: string) => (answer?.stockError?.intent === intent ? answer.stockError.message : undefined);
  return (
    <section className="admin-section" aria-labelledby="stock-title">
      <h2 id="stock-title" className="admin-section__title">
        Stock
      </h2>
      <p className="stock-count">
        <strong>{stock}</strong>
        {` in stock${stock <= lowStockAt ? " · low" : ""}`}
      </p>
      <Notice>{answer?.stockNotice ?? answer?.stockError?.message}</Notice>
      <div className="stock-forms" key={stock}>
        <Form method="post" className="stock-form">
          <input type="hidden" name="intent" value="add" />
          <input type="hidden" name="variant" value={variant} />
          <FormField
            label="Add stock"
            name="delta"
            type="number"
            required
            inputMode="numeric"
            hint="Use a minus sign to take some away"
            error={error("add")}
          />
          <FormField label="Reason" name="reason" required maxLength={200} placeholder="poured 12" />
          <button type="submit" className="button button--primary">
            Add
          </button>
        </Form>
        <Form method="post" className="stock-form">
          <input type="hidden" name="intent" value="set" />
          <input type="hidden" name="variant" value={variant} />
          <input type="hidden" name="expected" value={stock} />
          <FormField
            label="Set stock to"
            name="stock"
            type="number"
            min={0}
            required
            inputMode="numeric"
            defaultValue={stock}
            error={error("set")}
          />
          <button type="submit" className="button">
            Set
          </button>
        </Form>
      </div>
    </section>
  );
}
