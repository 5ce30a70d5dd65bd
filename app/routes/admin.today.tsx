import { data } from "react-router";
import { requireOwner } from "~/.server/admin/owners";
import { todayScreen } from "~/.server/admin/today";
import { shopFacts } from "~/.server/admin/setup-facts";
import { todayChecklist } from "~/.server/admin/setup-choices";
import { alertsOnToday } from "~/.server/alerts/on-today";
import { Alerts } from "~/components/admin/alerts";
import { SetupChecklist } from "~/components/admin/setup-checklist";
import { setupChecklistAction } from "./admin.setup-checklist.server";
import { LowStock } from "~/components/admin/low-stock";
import { OrdersToShip } from "~/components/admin/orders-to-ship";
import { SalesChart } from "~/components/admin/sales-chart";
import { SalesFigure } from "~/components/admin/sales-figure";
import { type OrderActionAnswer, orderAction } from "./admin.order.server";
import type { Route } from "./+types/admin.today";
import { revalidateAfterEveryAnswer } from "~/lib/revalidate";
import { Notice } from "~/components/admin/notices";
import { backOfficeTitle } from "~/lib/meta";

export async function loader({ context, request, url }: Route.LoaderArgs) {
  await requireOwner(context.auth, request, url);
  const now = Date.now();
  return {
    ...(await todayScreen(context.db, { now, timeZone: context.config.timeZone })),
    checklist: await todayChecklist(context.db, shopFacts(context.config), now),
    alerts: await alertsOnToday(context.db, context.config.timeZone),
  };
}

/** Mark shipped, from the order's card; Not needed and Dismiss, from "Before you open". */
export async function action({ context, request, url }: Route.ActionArgs) {
  const owner = await requireOwner(context.auth, request, url);
  // A body that is not a form (a script's JSON, a cut-off upload) is refused, not a 500.
  const form = await request
    .clone()
    .formData()
    .catch(() => undefined);
  if (!form)
    return data<OrderActionAnswer>({ notice: "This form could not be read; nothing changed." }, { status: 400 });
  const intent = form.get("intent");
  if (intent === "shipping-tax-not-needed" || intent === "dismiss-checklist")
    return setupChecklistAction(context, owner, intent);
  return orderAction(context, owner, request);
}

export const shouldRevalidate = revalidateAfterEveryAnswer;

export default function Today({ loaderData, actionData }: Route.ComponentProps) {
  const { toShip, lowStock, today, lastSevenDays, days, checklist, alerts } = loaderData;
  return (
    <section className="admin-page" aria-labelledby="today-title">
      <h1 id="today-title" className="admin-page__title">
        Today
      </h1>
      <Notice>{actionData?.notice}</Notice>
      <Alerts active={alerts.active} unsentEmails={alerts.unsentEmails} />
      {checklist.shown ? <SetupChecklist lines={checklist.lines} dismissable={checklist.dismissable} /> : null}
      <div className="admin-figures">
        <SalesFigure label="Sales today" sales={today} />
        <SalesFigure label="Last 7 days" sales={lastSevenDays} />
      </div>
      <OrdersToShip orders={toShip} error={actionData?.error} />
      <LowStock products={lowStock} />
      <SalesChart days={days} />
    </section>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [{ title: backOfficeTitle("Today", matches) }];
