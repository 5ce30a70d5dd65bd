import { Form } from "react-router";
import { FormField } from "~/components/form-field";
import { SelectField } from "~/components/select-field";
import { Notice } from "~/components/admin/notices";
import { StockForms } from "~/components/admin/stock-forms";
import type { ProductAnswer } from "~/components/admin/product-answer";
import { formatDollars } from "~/lib/money";
import type { Variant } from "~/lib/variants";
import { formatOunces } from "~/lib/weight";

/** A variant as the loader sends it (VariantRow). */
interface VariantRow extends Variant {
  label: string;
  sku: string | null;
  weight: number | null;
  available: boolean;
}

interface VariantRowsProps {
  variants: VariantRow[];
  /** How many photos the product has: the Photo select offers each. */
  photos: number;
  lowStockAt: number;
  answer: ProductAnswer | undefined;
}

/**
 * A product's variants (DESIGN.md, "Sizes and scents"), a card each: its
 * Price, SKU, Weight (oz), Photo and Available in one form, and its own
 * Add stock / Set stock to. Every card is a region named by its values
 * ("12 oz"), so its fields' labels stay the contract's own.
 */
export function VariantRows({ variants, photos, lowStockAt, answer }: VariantRowsProps) {
  return (
    <section className="admin-section" aria-labelledby="variants-title">
      <h2 id="variants-title" className="admin-section__title">
        Variants
      </h2>
      <p className="form-field__hint">
        One for each combination of the options. Untick Available for one you do not make.
      </p>
      <ul className="variant-cards">
        {variants.map((variant) => (
          <li key={variant.id}>
            <VariantCard variant={variant} photos={photos} lowStockAt={lowStockAt} answer={answer} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function VariantCard({
  variant,
  photos,
  lowStockAt,
  answer,
}: Omit<VariantRowsProps, "variants"> & { variant: VariantRow }) {
  const titleId = `variant-${variant.id}`;
  const refused = answer?.variantError?.variant === variant.id ? answer.variantError : undefined;
  const errors = refused?.fields ?? {};
  const value = (field: string, saved: string) => refused?.values[field] ?? saved;
  const notice = answer?.variantNotice?.variant === variant.id ? answer.variantNotice.message : undefined;
  return (
    <section className="variant-card" aria-labelledby={titleId}>
      <h3 id={titleId} className="variant-card__title">
        {variant.label}
      </h3>
      <p className="variant-card__summary">
        {`${formatDollars(variant.priceCents)}${variant.available ? "" : " · not for sale"}`}
      </p>
      <Notice>{notice}</Notice>
      {/* Keyed by what was saved, so a saved row shows it and a refused one keeps what was typed. */}
      <Form
        method="post"
        className="product-form"
        key={`${variant.priceCents}:${variant.sku}:${variant.weight}:${variant.image}:${variant.available}`}
      >
        <input type="hidden" name="intent" value="variant" />
        <input type="hidden" name="variant" value={variant.id} />
        <div className="variant-card__fields">
          <FormField
            label="Price"
            name="price"
            required
            inputMode="decimal"
            defaultValue={value("price", (variant.priceCents / 100).toFixed(2))}
            error={errors.price}
          />
          <FormField
            label="SKU"
            name="sku"
            maxLength={64}
            autoCapitalize="characters"
            defaultValue={value("sku", variant.sku ?? "")}
            error={errors.sku}
          />
          <FormField
            label="Weight (oz)"
            name="weight"
            inputMode="decimal"
            defaultValue={value("weight", variant.weight === null ? "" : formatOunces(variant.weight))}
            error={errors.weight}
          />
          <SelectField
            label="Photo"
            name="image"
            defaultValue={value("image", String(variant.image ?? ""))}
            error={errors.image}
            options={[
              { value: "", label: "First photo" },
              ...Array.from({ length: Math.max(0, photos - 1) }, (_, index) => ({
                value: String(index + 1),
                label: `Photo ${index + 2}`,
              })),
            ]}
          />
        </div>
        <label className="product-form__check">
          <input
            type="checkbox"
            name="available"
            defaultChecked={refused ? refused.values.available === "on" : variant.available}
          />
          Available
        </label>
        <button type="submit" className="button button--primary">
          Save
        </button>
      </Form>
      <StockForms
        variant={variant.id}
        stock={variant.stock}
        lowStockAt={lowStockAt}
        answer={answer}
        variantTitleId={titleId}
      />
    </section>
  );
}
