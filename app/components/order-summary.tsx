import type { Quote } from "~/checkout/quote";
import { formatPrice } from "~/lib/money";

const price = (cents: number) => (cents === 0 ? "Free" : `$${formatPrice(cents)}`);

interface OrderSummaryProps {
  quote: Quote;
  disabled: boolean;
  onChooseMethod: (shippingRateId: number) => void;
}

/**
 * Once shipping or tax is set up: the shipping methods that fit the
 * address and the cart, cheapest first, and what the order comes to
 * (DESIGN.md: the radio group "Shipping method"; Subtotal, Discount,
 * Shipping, Tax, Order total). With nothing set up and no code applied the
 * panel shows none of it (SPEC).
 */
export function OrderSummary({ quote, disabled, onChooseMethod }: OrderSummaryProps) {
  return (
    <>
      {quote.rates.length > 0 ? (
        <fieldset className="checkout-panel__group">
          <legend>Shipping method</legend>
          {quote.rates.map((rate) => (
            <label key={rate.id} className="shipping-method">
              <input
                type="radio"
                name="shippingRateId"
                value={rate.id}
                checked={rate.id === quote.shippingRateId}
                disabled={disabled}
                onChange={() => onChooseMethod(rate.id)}
              />
              <span className="shipping-method__name">{rate.name}</span>
              <span className="shipping-method__price">{price(rate.priceCents)}</span>
              {rate.estimate ? <span className="shipping-method__estimate">{rate.estimate}</span> : null}
            </label>
          ))}
          {quote.freeShippingInCents ? (
            <p className="checkout-panel__note">
              {quote.discountCents > 0
                ? `Add $${formatPrice(quote.freeShippingInCents)} more to your cart, after your discount, for free shipping.`
                : `Add $${formatPrice(quote.freeShippingInCents)} more to your cart for free shipping.`}
            </p>
          ) : null}
        </fieldset>
      ) : null}
      <dl className="order-summary" aria-label="Order summary">
        <div>
          <dt>Subtotal</dt>
          <dd>${formatPrice(quote.subtotalCents)}</dd>
        </div>
        {quote.discountCents > 0 ? (
          <div>
            <dt>Discount</dt>
            <dd>−${formatPrice(quote.discountCents)}</dd>
          </div>
        ) : null}
        {quote.rates.length > 0 ? (
          <div>
            <dt>Shipping</dt>
            <dd>{price(quote.shippingCents)}</dd>
          </div>
        ) : null}
        {quote.taxCents > 0 ? (
          <div>
            <dt>Tax</dt>
            <dd>${formatPrice(quote.taxCents)}</dd>
          </div>
        ) : null}
        <div className="order-summary__total">
          <dt>Order total</dt>
          <dd>${formatPrice(quote.totalCents)}</dd>
        </div>
      </dl>
    </>
  );
}
