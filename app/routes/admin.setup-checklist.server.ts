import { type AppLoadContext, data } from "react-router";
import type { Shopper } from "~/.server/accounts/auth";
import { dismissChecklist, markShippingTaxNotNeeded } from "~/.server/admin/setup-choices";
import { shopFacts } from "~/.server/admin/setup-facts";
import type { OrderActionAnswer } from "./admin.order.server";

const NOT_NEEDED = {
  recorded: "Shipping and tax are marked not needed.",
  already: "Shipping and tax were marked not needed already; nothing changed.",
};

const DISMISSED = {
  dismissed: "Before you open is dismissed; it comes back if a line needs doing again.",
  already: "Before you open was dismissed already; nothing changed.",
};

/** Today's buttons on "Before you open": Not needed (shipping and tax) and Dismiss (only once every line is done). */
export async function setupChecklistAction(
  context: Pick<AppLoadContext, "db" | "config">,
  owner: Shopper,
  intent: "shipping-tax-not-needed" | "dismiss-checklist",
) {
  const actor = { id: owner.id, displayName: owner.displayName };
  const now = Date.now();
  if (intent === "shipping-tax-not-needed")
    return data<OrderActionAnswer>({ notice: NOT_NEEDED[await markShippingTaxNotNeeded(context.db, actor, now)] });
  const outcome = await dismissChecklist(context.db, shopFacts(context.config), actor, now);
  if (outcome === "lines_to_do")
    return data<OrderActionAnswer>({ notice: "Before you open stays until every line is done." }, { status: 409 });
  return data<OrderActionAnswer>({ notice: DISMISSED[outcome] });
}
