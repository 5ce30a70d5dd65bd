import { Link, useNavigate } from "react-router";
import { type CartItem, lineKey } from "~/cart/reducer";
import { dispatchCart } from "~/cart/store";
import { productPath } from "~/lib/catalog";
import { imageUrl } from "~/lib/images";
import { formatPrice } from "~/lib/money";

const close = () => dispatchCart({ type: "setCartOpen", open: false });

/** SPEC §2: the small cart under the nav icon, 260 by 360 px. */
export function CartDropdown({ items, id }: { items: CartItem[]; id: string }) {
  const navigate = useNavigate();
  return (
    <div className="cart-dropdown" id={id} role="region" aria-label="Cart">
      {items.length === 0 ? (
        <p className="cart-dropdown__empty">Your cart is empty</p>
      ) : (
        <ul className="cart-dropdown__items">
          {items.map((item) => (
            <li key={lineKey(item)} className="cart-dropdown__item">
              <Link
                to={productPath(item)}
                onClick={close}
                className="cart-dropdown__thumb"
                aria-label={`View ${item.name}`}
              >
                <img src={imageUrl(item.images[0] ?? "")} alt="" width={48} height={60} />
              </Link>
              <span className="cart-dropdown__details">
                <span className="cart-dropdown__name">{item.name}</span>
                <span>
                  {item.quantity} x ${formatPrice(item.priceCents)}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        className="button button--primary cart-dropdown__go"
        onClick={() => {
          close();
          navigate("/checkout");
        }}
      >
        GO TO CART
      </button>
    </div>
  );
}
