import { formatPrice } from "./money";
import { formatOunces } from "./weight";

type Condition = "always" | "subtotal" | "weight";

/** A rate's condition in words, as the shipping screen and the activity log show it ("Order subtotal from $75.00"). */
export function describeRateCondition(condition: Condition, from: number | null, to: number | null): string {
  if (condition === "always") return "Always";
  const unit =
    condition === "subtotal" ? (cents: number) => `$${formatPrice(cents)}` : (w: number) => `${formatOunces(w)} oz`;
  const what = condition === "subtotal" ? "Order subtotal" : "Order weight";
  if (from !== null && to !== null) return `${what} from ${unit(from)}, under ${unit(to)}`;
  if (from !== null) return `${what} from ${unit(from)}`;
  if (to !== null) return `${what} under ${unit(to)}`;
  return `${what}, any`;
}

/** A price as the shopper sees it: "Free" at $0. */
export const formatRatePrice = (cents: number) => (cents === 0 ? "Free" : `$${formatPrice(cents)}`);
