import { Form, Link } from "react-router";
import { formatPrice } from "~/lib/money";
import { TAX_FIGURES, type TaxFigures } from "~/lib/tax-figures";
import { SelectField } from "../select-field";
import { Refusal } from "./notices";

/** One state's month: its orders and the report's figures. */
export interface StateMonth extends TaxFigures {
  state: string;
  name: string;
  orders: number;
}

/** A month's totals over every state, and its states when it is the month opened. */
export interface MonthReport {
  month: string;
  name: string;
  /** The page with this month's states. */
  url: string;
  orders: number;
  stateCount: number;
  totals: TaxFigures;
  /** Only for the month opened. */
  states: StateMonth[] | undefined;
}

export interface TaxReportView {
  /** The year shown; undefined: the last 12 months. */
  year: number | undefined;
  yearError: string | undefined;
  monthError: string | undefined;
  years: number[];
  csvUrl: string;
  /** Newest first, only months with something paid or given back. */
  months: MonthReport[];
}

export const ordersText = (orders: number) => `${orders} ${orders === 1 ? "order" : "orders"}`;
const statesText = (states: number) => `${states} ${states === 1 ? "state" : "states"}`;
const dollars = (cents: number) => `$${formatPrice(cents)}`;

function Figures({ figures }: { figures: TaxFigures }) {
  return (
    <dl className="report-figures">
      {TAX_FIGURES.map(([label, figure]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{dollars(figures[figure])}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A month: its totals, then its states, one card each, when it is the month opened; otherwise a link to them. */
function Month({ month }: { month: MonthReport }) {
  return (
    <section className="report-month" id={`month-${month.month}`} aria-labelledby={`month-${month.month}-title`}>
      <h3 id={`month-${month.month}-title`} className="report-month__title">
        {month.name}
      </h3>
      <div className="admin-card report-month__totals">
        <p className="admin-card__title">{`${statesText(month.stateCount)} · ${ordersText(month.orders)}`}</p>
        <Figures figures={month.totals} />
        {month.states ? null : (
          <Link to={month.url} className="report-month__open admin-link" aria-label={`${month.name} by state`}>
            By state
          </Link>
        )}
      </div>
      {month.states ? (
        <ul className="admin-cards" aria-label={`${month.name} by state`}>
          {month.states.map((state) => (
            <li key={state.state} className="admin-card">
              <p className="admin-card__title">{`${state.name} · ${ordersText(state.orders)}`}</p>
              <Figures figures={state} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/**
 * The tax report: a year to choose, the CSV, then each month newest first
 * with its totals, and one month's states as cards (a table would not fit
 * a phone).
 */
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
        <a href={report.csvUrl} download className="admin-link">
          {`Download the report of ${period} (CSV)`}
        </a>
      </p>
      <Refusal message={report.monthError} />
      {report.months.length === 0 ? (
        <p className="admin-empty">{`No order was paid or refunded in ${period}.`}</p>
      ) : (
        report.months.map((month) => <Month key={month.month} month={month} />)
      )}
    </section>
  );
}
