import { useState } from "react";
import { Link } from "react-router";
import { type CartItem, lineKey } from "~/cart/reducer";
import { dispatchCart } from "~/cart/store";
import { productPath } from "~/lib/catalog";
import { imageUrl } from "~/lib/images";
import { formatPrice } from "~/lib/money";

function QuantityInput({ item }: { item: CartItem }) {
  // What the shopper is typing; otherwise the field shows the cart's quantity, wherever that changed.
  // One field throughout: rebuilding it on a change would drop her focus to <body>.
  const [draft, setDraft] = useState<string>();
  const commit = () => {
    if (draft === undefined) return;
    setDraft(undefined);
    const quantity = Number(draft);
    if (Number.isInteger(quantity) && quantity !== item.quantity)
      dispatchCart({ type: "setQuantity", id: item.id, variant: item.variant, quantity });
  };
  return (
    <input
      className="cart-line__quantity-input"
      type="number"
      inputMode="numeric"
      min={1}
      max={item.stock}
      value={draft ?? item.quantity}
      aria-label={`Quantity of ${item.name}`}
      onChange={(event) => setDraft(event.currentTarget.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === "Enter") commit();
      }}
    />
  );
}

/** SPEC §2 checkout lines: image and name linking to the product, quantity arrows, price, remove mark. */
export function CartLines({ items }: { items: CartItem[] }) {
  return (
    <table className="cart-lines">
      <caption className="visually-hidden">Items in your cart</caption>
      <thead>
        <tr>
          <th scope="col">Product</th>
          <th scope="col">Description</th>
          <th scope="col">Quantity</th>
          <th scope="col">Price</th>
          <th scope="col">
            <span className="visually-hidden">Remove</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={lineKey(item)} className="cart-line">
            <td className="cart-line__image">
              <Link to={productPath(item)} tabIndex={-1} aria-hidden="true">
                <img src={imageUrl(item.images[0] ?? "")} alt="" width={80} height={100} />
              </Link>
            </td>
            <td className="cart-line__name">
              <Link to={productPath(item)}>{item.name}</Link>
            </td>
            <td className="cart-line__quantity">
              <button
                type="button"
                className="cart-line__arrow"
                aria-label={`Decrease quantity of ${item.name}`}
                onClick={() =>
                  dispatchCart({ type: "removeItem", id: item.id, variant: item.variant, stock: item.stock })
                }
              >
                <span aria-hidden="true">‹</span>
              </button>
              <QuantityInput item={item} />
              <button
                type="button"
                className="cart-line__arrow"
                aria-label={`Increase quantity of ${item.name}`}
                onClick={() => dispatchCart({ type: "addItem", product: item })}
              >
                <span aria-hidden="true">›</span>
              </button>
            </td>
            <td className="cart-line__price">${formatPrice(item.priceCents)}</td>
            <td className="cart-line__remove">
              <button
                type="button"
                className="cart-line__remove-button"
                aria-label={`Remove ${item.name} from cart`}
                onClick={() => dispatchCart({ type: "clearLine", id: item.id, variant: item.variant })}
              >
                <span aria-hidden="true">✕</span>
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
