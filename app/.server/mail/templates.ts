import { lineName } from "~/lib/variants";
import { trackingUrl } from "~/lib/carriers";
import { formatPrice } from "~/lib/money";
import { breakdownLabel, chargedBeyondItems, orderBreakdown } from "~/lib/order-breakdown";
import type { OrderItemRow, OrderRow } from "../db/schema";
import { PAID_WITH_DISCOUNT } from "../orders/checkout-payment";

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!);

/** SPEC §3 purchasedItems: per item its number in the list, price, name, quantity, scent and id. */
export function purchasedItems(items: OrderItemRow[]): string {
  return items
    .map(
      (item, index) =>
        `${index + 1}. ${lineName(item.name, item.variant)}: ${item.quantity} x $${formatPrice(item.price_cents)} (scent: ${item.scent}, id: ${item.product_id})`,
    )
    .join("\n");
}

/** SPEC §3's order notification fields, under SPEC's names. */
export function orderNotificationFields(order: OrderRow, items: OrderItemRow[]) {
  return {
    orderNumber: order.number,
    total: `$${formatPrice(order.amount_cents)}`,
    customerName: order.customer_name,
    shippingName: order.shipping_name,
    shippingAddress: order.shipping_address,
    purchasedItems: purchasedItems(items),
    shippingCity: order.shipping_city,
    shippingState: order.shipping_state,
    shippingZipCode: order.shipping_zip,
    phoneNumber: order.phone ?? "",
  };
}

/**
 * What the total is made of, below SPEC §3's fields, once the order was
 * charged shipping, tax or a discount (issue #31); nothing for an order of
 * its items alone, as every order is while nothing is set up.
 */
export function breakdownLines(order: OrderRow): string[] {
  if (!chargedBeyondItems(order)) return [];
  return orderBreakdown(order).map((line) => `${breakdownLabel(line)}: ${line.amount}`);
}

const breakdownText = (order: OrderRow) => {
  const lines = breakdownLines(order);
  return lines.length > 0 ? ["", ...lines] : [];
};

const breakdownHtml = (order: OrderRow) => {
  const lines = breakdownLines(order);
  return lines.length > 0 ? `<p>${lines.map(escapeHtml).join("<br>")}</p>` : "";
};

function htmlDocument(title: string, body: string) {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body style="font-family:Arial,sans-serif;color:#2e2219;line-height:1.5">${body}</body></html>`;
}

function itemsTable(items: OrderItemRow[]) {
  const rows = items
    .map(
      (item, index) =>
        `<tr><td>${index + 1}</td><td>${escapeHtml(lineName(item.name, item.variant))}</td><td>${escapeHtml(item.scent)}</td><td>${item.product_id}</td><td>${item.quantity}</td><td>$${formatPrice(item.price_cents)}</td></tr>`,
    )
    .join("");
  return `<table cellpadding="6" style="border-collapse:collapse"><caption style="text-align:left">Items</caption><thead><tr><th scope="col">#</th><th scope="col">Item</th><th scope="col">Scent</th><th scope="col">Id</th><th scope="col">Quantity</th><th scope="col">Price</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/** The shop owner's notice of a paid order. */
export function orderNotification(order: OrderRow, items: OrderItemRow[]): EmailContent {
  const fields = orderNotificationFields(order, items);
  const subject = `New order ${order.number}: ${fields.total}`;
  const text = [
    `Order ${fields.orderNumber} was paid: ${fields.total}.`,
    "",
    `Customer: ${fields.customerName}`,
    `Ship to: ${fields.shippingName}`,
    fields.shippingAddress,
    `${fields.shippingCity}, ${fields.shippingState} ${fields.shippingZipCode}`,
    `Phone: ${fields.phoneNumber || "not given"}`,
    "",
    "Items:",
    fields.purchasedItems,
    ...breakdownText(order),
  ].join("\n");
  const html = htmlDocument(
    subject,
    `<h1 style="font-size:20px">Order ${escapeHtml(fields.orderNumber)} was paid: ${fields.total}</h1>` +
      `<p>Customer: ${escapeHtml(fields.customerName)}</p>` +
      `<p>Ship to:<br>${escapeHtml(fields.shippingName)}<br>${escapeHtml(fields.shippingAddress)}<br>${escapeHtml(fields.shippingCity)}, ${escapeHtml(fields.shippingState)} ${escapeHtml(fields.shippingZipCode)}</p>` +
      `<p>Phone: ${escapeHtml(fields.phoneNumber || "not given")}</p>` +
      itemsTable(items) +
      breakdownHtml(order),
  );
  return { subject, text, html };
}

/** An order its discount code paid in full (issue #33) was paid with no card: its emails say so. */
const paidWithDiscount = (order: OrderRow) => order.payment_provider === PAID_WITH_DISCOUNT;

/** Who the receipt is from: the shop's name, and its refund policy's address once one is published. */
export interface ReceiptSender {
  name: string;
  refundPolicyUrl?: string;
}

/** The shopper's receipt, from the shop by its name, with a link to its refund policy when it has one. */
export function orderReceipt(order: OrderRow, items: OrderItemRow[], shop: ReceiptSender): EmailContent {
  const fields = orderNotificationFields(order, items);
  const subject = `Your ${shop.name} order ${order.number}`;
  const policy = shop.refundPolicyUrl;
  const payment = paidWithDiscount(order)
    ? `Your order ${order.number} is paid in full with the discount code ${order.discount_code}.`
    : `We received your payment of ${fields.total} for order ${order.number}.`;
  const text = [
    `Thank you ${order.shipping_name}!`,
    "",
    payment,
    "",
    "You bought:",
    fields.purchasedItems,
    ...breakdownText(order),
    "",
    "We will ship it to:",
    fields.shippingName,
    fields.shippingAddress,
    `${fields.shippingCity}, ${fields.shippingState} ${fields.shippingZipCode}`,
    ...(policy ? ["", `Our refund policy: ${policy}`] : []),
  ].join("\n");
  const html = htmlDocument(
    subject,
    `<h1 style="font-size:20px">Thank you ${escapeHtml(order.shipping_name)}!</h1>` +
      `<p>${escapeHtml(payment)}</p>` +
      itemsTable(items) +
      breakdownHtml(order) +
      `<p>We will ship it to:<br>${escapeHtml(fields.shippingName)}<br>${escapeHtml(fields.shippingAddress)}<br>${escapeHtml(fields.shippingCity)}, ${escapeHtml(fields.shippingState)} ${escapeHtml(fields.shippingZipCode)}</p>` +
      (policy ? `<p><a href="${escapeHtml(policy)}">Our refund policy</a></p>` : ""),
  );
  return { subject, text, html };
}

/** The shopper's word that the order is on its way, with the tracking number (a link for the carriers we know). */
export function orderShipped(order: OrderRow, items: OrderItemRow[]): EmailContent {
  const subject = `Your order ${order.number} has shipped`;
  const link = trackingUrl(order.carrier, order.tracking_number);
  const carrier = order.carrier ? ` with ${order.carrier}` : "";
  const tracking = order.tracking_number ? `Tracking number: ${order.tracking_number}` : "";
  const text = [
    `Good news, ${order.shipping_name}!`,
    "",
    `Your order ${order.number} is on its way${carrier}.`,
    ...(tracking ? [tracking, ...(link ? [`Track it: ${link}`] : [])] : []),
    "",
    "In the parcel:",
    purchasedItems(items),
    "",
    "It goes to:",
    order.shipping_name,
    order.shipping_address,
    `${order.shipping_city}, ${order.shipping_state} ${order.shipping_zip}`,
  ].join("\n");
  const trackingHtml = order.tracking_number
    ? `<p>Tracking number: ${link ? `<a href="${escapeHtml(link)}">${escapeHtml(order.tracking_number)}</a>` : escapeHtml(order.tracking_number)}</p>`
    : "";
  const html = htmlDocument(
    subject,
    `<h1 style="font-size:20px">Good news, ${escapeHtml(order.shipping_name)}!</h1>` +
      `<p>Your order ${escapeHtml(order.number)} is on its way${escapeHtml(carrier)}.</p>` +
      trackingHtml +
      itemsTable(items) +
      `<p>It goes to:<br>${escapeHtml(order.shipping_name)}<br>${escapeHtml(order.shipping_address)}<br>${escapeHtml(order.shipping_city)}, ${escapeHtml(order.shipping_state)} ${escapeHtml(order.shipping_zip)}</p>`,
  );
  return { subject, text, html };
}

/** The shopper's word that the order was cancelled and the money is on its way back (nothing was charged when its code paid it). */
export function orderRefunded(order: OrderRow, items: OrderItemRow[]): EmailContent {
  const subject = `Your order ${order.number} has been ${paidWithDiscount(order) ? "cancelled" : "refunded"}`;
  const said = paidWithDiscount(order)
    ? [`We cancelled your order ${order.number}.`, "Nothing was charged for it: its discount code paid it in full."]
    : [
        `We cancelled your order ${order.number} and refunded $${formatPrice(order.amount_cents)} to the card you paid with.`,
        "Your bank may take 5 to 10 business days to show it.",
      ];
  const text = [`Hello ${order.shipping_name},`, "", ...said, "", "The order was:", purchasedItems(items)].join("\n");
  const html = htmlDocument(
    subject,
    `<h1 style="font-size:20px">${escapeHtml(subject)}</h1>` +
      `<p>Hello ${escapeHtml(order.shipping_name)},</p>` +
      `<p>${escapeHtml(said.join(" "))}</p>` +
      itemsTable(items),
  );
  return { subject, text, html };
}

/** The owner's daily "to pour" list: products at or below their low-stock level, each linked to its page. */
export function lowStockDigest(
  products: { id: number; name: string; stock: number; lowStockAt: number }[],
  publicUrl: string,
): EmailContent {
  const subject = `To pour: ${products.length} ${products.length === 1 ? "candle is" : "candles are"} low on stock`;
  const line = (product: (typeof products)[number]) =>
    `${product.name}: ${product.stock === 0 ? "sold out" : `${product.stock} left`} (alert at ${product.lowStockAt})`;
  const link = (product: (typeof products)[number]) => `${publicUrl}/admin/products/${product.id}`;
  const text = [
    "These candles are at or below their low-stock level:",
    "",
    ...products.map((product) => `- ${line(product)}: ${link(product)}`),
    "",
    `Turn this email off at ${publicUrl}/admin/account`,
  ].join("\n");
  const html = htmlDocument(
    subject,
    `<h1 style="font-size:20px">To pour</h1><p>These candles are at or below their low-stock level:</p><ul>` +
      products
        .map(
          (product) =>
            `<li><a href="${escapeHtml(link(product))}">${escapeHtml(product.name)}</a>: ${escapeHtml(line(product).slice(product.name.length + 2))}</li>`,
        )
        .join("") +
      `</ul><p><a href="${escapeHtml(publicUrl)}/admin/account">Turn this email off</a></p>`,
  );
  return { subject, text, html };
}

/**
 * The owner's alert (alerts/check.ts): one when a condition begins, saying
 * what is wrong and what to do, and one when it is over.
 */
export function alertEmail(
  change: { title: string; text: string; started: boolean },
  options: { publicUrl: string; when: string },
): EmailContent {
  const subject = `${change.started ? "Needs you" : "Resolved"}: ${change.title}`;
  const said = change.started ? change.text : `It is over, as of ${options.when}. It said: ${change.text}`;
  const today = `${options.publicUrl}/admin`;
  const text = [said, "", `Today lists what needs you: ${today}`].join("\n");
  const html = htmlDocument(
    subject,
    `<h1 style="font-size:20px">${escapeHtml(subject)}</h1><p>${escapeHtml(said)}</p><p><a href="${escapeHtml(today)}">Today lists what needs you</a></p>`,
  );
  return { subject, text, html };
}
