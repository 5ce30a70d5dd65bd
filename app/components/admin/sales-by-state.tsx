import { formatPrice } from "~/lib/money";
import { ordersText } from "./tax-report";

/** Beside a state with $100,000 of sales or 200 orders in either year (economic nexus). */
export const NEXUS_MARK = "You may need to collect sales tax here; check the state's rules.";

interface YearSales {
  cents: number;
  orders: number;
}

export interface SalesByStateView {
  thisYear: number;
  states: { state: string; name: string; thisYear: YearSales; lastYear: YearSales; overNexus: boolean }[];
}

function YearCell({ sales }: { sales: YearSales }) {
  return (
    <td>
      {`$${formatPrice(sales.cents)}`}
      <br />
      {ordersText(sales.orders)}
    </td>
  );
}

/** Per state, this calendar year's and last year's sales and orders, with the states past a usual threshold marked. */
export function SalesByState({ sales }: { sales: SalesByStateView }) {
  const lastYear = sales.thisYear - 1;
  return (
    <section className="admin-section" aria-labelledby="sales-by-state-title">
      <h2 id="sales-by-state-title" className="admin-section__title">
        Sales by state
      </h2>
      {sales.states.length === 0 ? (
        <p className="admin-empty">{`No paid orders in ${lastYear} or ${sales.thisYear} yet.`}</p>
      ) : (
        <table className="admin-table">
          <caption className="admin-table__caption">
            {`Paid orders and the total taken per state in ${sales.thisYear} and ${lastYear}, by the day paid.`}
          </caption>
          <thead>
            <tr>
              <th scope="col">State</th>
              <th scope="col">{sales.thisYear}</th>
              <th scope="col">{lastYear}</th>
            </tr>
          </thead>
          <tbody>
            {sales.states.map((state) => (
              <tr key={state.state}>
                <th scope="row">
                  {state.name}
                  {state.overNexus ? <p className="nexus-mark">{NEXUS_MARK}</p> : null}
                </th>
                <YearCell sales={state.thisYear} />
                <YearCell sales={state.lastYear} />
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
