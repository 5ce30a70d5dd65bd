import { Form } from "react-router";
import { FormField } from "~/components/form-field";
import { Notice } from "~/components/admin/notices";

export interface StockAnswer {
  stockNotice?: string;
  stockError?: { intent: string; message: string };
  saveNotice?: string;
  /** The variant the stock edit was for: only its forms show the answer. */
  stockVariant?: number;
}

interface StockFormsProps {
  /** The variant whose stock the forms change (a product without options has one). */
  variant: number;
  stock: number;
  lowStockAt: number;
  answer: StockAnswer | undefined;
  /** A variant's heading (variant-rows.tsx): the section is then "{values} Stock", one heading level down. */
  variantTitleId?: string;
}

/**
 * DESIGN.md's two stock controls: Add stock (a signed delta with a reason)
 * and Set stock to (which applies only if the stock is still the number shown
 * here). Both forms are keyed by the stock, so after any change they show the
 * current number.
 */
export function StockForms({ variant, stock, lowStockAt, answer, variantTitleId }: StockFormsProps) {
  const ours = answer?.stockVariant === undefined || answer.stockVariant === variant ? answer : undefined;
  const error = (intent: string) => (ours?.stockError?.intent === intent ? ours.stockError.message : undefined);
  const titleId = variantTitleId ? `${variantTitleId}-stock` : "stock-title";
  const Heading = variantTitleId ? "h4" : "h2";
  return (
    <section
      className={variantTitleId ? "variant-card__stock" : "admin-section"}
      aria-labelledby={variantTitleId ? `${variantTitleId} ${titleId}` : titleId}
    >
      <Heading id={titleId} className="admin-section__title">
        Stock
      </Heading>
      <p className="stock-count">
        <strong>{stock}</strong>
        {` in stock${stock <= lowStockAt ? " · low" : ""}`}
      </p>
      <Notice>{ours?.stockNotice ?? ours?.stockError?.message}</Notice>
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
