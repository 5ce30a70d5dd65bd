import { formatDollars } from "~/lib/money";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** "2026-11-24" → "Nov 24", the same on the server and in the browser. */
const shortDay = (day: string) => `${MONTHS[Number(day.slice(5, 7)) - 1]} ${Number(day.slice(8, 10))}`;

const WIDTH = 300;
const HEIGHT = 80;

/**
 * Daily sales as bars, drawn as SVG in the page itself: no chart library
 * reaches the browser. Each bar has a title (amount and orders) for a
 * pointer, and the figure a label for a screen reader.
 */
export function SalesChart({ days }: { days: { day: string; orders: number; cents: number }[] }) {
  const most = Math.max(1, ...days.map((day) => day.cents));
  const slot = WIDTH / days.length;
  const total = days.reduce((sum, day) => sum + day.cents, 0);
  const orders = days.reduce((sum, day) => sum + day.orders, 0);
  const summary = `Sales over the last ${days.length} days: ${formatDollars(total)} from ${orders} ${orders === 1 ? "order" : "orders"}.`;
  return (
    <section className="admin-section" aria-labelledby="chart-title">
      <h2 id="chart-title" className="admin-section__title">
        Last {days.length} days
      </h2>
      <figure className="sales-chart">
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT + 14}`} role="img" aria-label={summary} className="sales-chart__svg">
          <line x1="0" y1={HEIGHT} x2={WIDTH} y2={HEIGHT} className="sales-chart__axis" />
          {days.map((day, index) => {
            // A day of refunds only is below zero: no bar, its title says how much.
            const height = day.cents <= 0 ? 0 : Math.max(2, (day.cents / most) * (HEIGHT - 4));
            return (
              <rect
                key={day.day}
                x={index * slot + slot * 0.15}
                y={HEIGHT - height}
                width={slot * 0.7}
                height={height}
                className="sales-chart__bar"
              >
                <title>{`${shortDay(day.day)}: ${formatDollars(day.cents)}, ${day.orders} ${day.orders === 1 ? "order" : "orders"}`}</title>
              </rect>
            );
          })}
          <text x="0" y={HEIGHT + 12} className="sales-chart__label">
            {shortDay(days[0]!.day)}
          </text>
          <text x={WIDTH} y={HEIGHT + 12} textAnchor="end" className="sales-chart__label">
            {shortDay(days.at(-1)!.day)}
          </text>
        </svg>
        <figcaption className="sales-chart__caption">{summary}</figcaption>
      </figure>
    </section>
  );
}
