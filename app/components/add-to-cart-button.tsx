import type { CartProduct } from "~/cart/reducer";
import { dispatchCart } from "~/cart/store";
import { useHydrated } from "~/lib/browser-hooks";

interface AddToCartButtonProps extends Omit<React.ButtonHTMLAttributes<HTMLButtonElement>, "onClick" | "type"> {
  product: CartProduct;
}

/** Adds the product with the stock its page loaded; it works once the page's JavaScript runs. */
export function AddToCartButton({ product, ...rest }: AddToCartButtonProps) {
  const hydrated = useHydrated();
  return (
    <button type="button" disabled={!hydrated} onClick={() => dispatchCart({ type: "addItem", product })} {...rest} />
  );
}
