import { Form } from "react-router";
import { formatPrice } from "~/lib/money";
import { TAX_FIGURES, type TaxFigures } from "~/lib/tax-figures";
import { SelectField } from "../select-field";

/** One state's month: its orders and the report's figures. */
export interface StateMonth extends TaxFigures {
  state: string;
  name: string;
  orders: number;
}

export interface TaxReportView {
  /** The year shown; undefined: the last 12 months. */
  year: number | undefined;
  yearError: string | undefined;
  years: number[];
  csvUrl: string;
  /** Newest first, only months with something paid or given back. */
  months: { month: string; name: string; states: StateMonth[] }[];
}

export const ordersText = (orders: number) => `${orders} ${orders === 1 ? "order" : "orders"}`;
const dollars = (cents: number) => `$${formatPrice(cents)}`;

/** The tax report: a year to choose, the CSV, then each month's states newest first, one card each (a table would not fit a phone). */
export function TaxReport({ report }: { report: TaxReportView }) {
  const period = report.year === undefined ? "the last 12 months" : String(report.year);
  return (
    <section className="admin-section" aria-labelledby="tax-report-title">
      <h2 id="tax-report-title" className="admin-section__title">
        Tax report
      </h2>
      <p className="admin-card__detail">
        Months by the day each order was paid; a refund counts in the month its money went back.
      </p>
      <Form method="get" className="report-year">
        <SelectField
          label="Year"
          name="year"
          options={[
            { value: "", label: "Last 12 months" },
            ...report.years.map((year) => ({ value: String(year), label: String(year) })),
          ]}
          defaultValue={report.year === undefined ? "" : String(report.year)}
          error={report.yearError}
        />
        <button type="submit" className="button">
          Show
        </button>
      </Form>
      <p>
        <a href={report.csvUrl} download>
          {`Download the report of ${period} (CSV)`}
        </a>
      </p>
      {report.months.length === 0 ? (
        <p className="admin-empty">{`No order was paid or refunded in ${period}.`}</p>
      ) : (
        report.months.map((month) => (
          <section key={month.month} className="report-month" aria-labelledby={`month-${month.month}`}>
            <h3 id={`month-${month.month}`} className="report-month__title">
              {month.name}
            </h3>
            <ul className="admin-cards">
              {month.states.map((state) => (
                <li key={state.state} className="admin-card">
                  <p className="admin-card__title">{`${state.name} · ${ordersText(state.orders)}`}</p>
                  <dl className="report-figures">
                    {TAX_FIGURES.map(([label, figure]) => (
                      <div key={label}>
                        <dt>{label}</dt>
                        <dd>{dollars(state[figure])}</dd>
                      </div>
                    ))}
                  </dl>
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
    </section>
  );
}
