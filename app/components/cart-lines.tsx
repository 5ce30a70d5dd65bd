import { Link } from "react-router";
import type { CartItem } from "~/cart/reducer";
import { dispatchCart } from "~/cart/store";
import { productPath } from "~/lib/catalog";
import { imageUrl } from "~/lib/images";
import { formatPrice } from "~/lib/money";

function QuantityInput({ item }: { item: CartItem }) {
  const commit = (input: HTMLInputElement) => {
    const quantity = Number(input.value);
    if (Number.isInteger(quantity) && quantity !== item.quantity)
      dispatchCart({ type: "setQuantity", id: item.id, quantity });
    else input.value = String(item.quantity);
  };
  return (
    <input
      // A new key when the quantity changes elsewhere resets what the shopper sees.
      key={item.quantity}
      className="cart-line__quantity-input"
      type="number"
      inputMode="numeric"
      min={1}
      max={item.stock}
      defaultValue={item.quantity}
      aria-label={`Quantity of ${item.name}`}
      onBlur={(event) => commit(event.currentTarget)}
      onKeyDown={(event) => {
        if (event.key === "Enter") commit(event.currentTarget);
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
          <tr key={item.id} className="cart-line">
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
                onClick={() => dispatchCart({ type: "removeItem", id: item.id, stock: item.stock })}
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
                onClick={() => dispatchCart({ type: "clearLine", id: item.id })}
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
