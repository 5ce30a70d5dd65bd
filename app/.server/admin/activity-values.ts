import { formatDollars } from "~/lib/money";

/**
 * The activity log's fields as the owner's forms name them. Entries are kept
 * as written, so the names are those the domain wrote then and now: new
 * fields want a line here.
 */
const FIELD_LABELS: Record<string, string> = {
  // Orders: Mark shipped, Cancel and refund.
  status: "Status",
  carrier: "Carrier",
  trackingNumber: "Tracking number",
  amountCents: "Amount",
  restocked: "Put the items back in stock",
  // Products and their stock.
  name: "Name",
  priceCents: "Price",
  scent: "Scent",
  description: "Description",
  category: "Category",
  lowStockAt: "Low-stock alert at",
  weightOz: "Weight (oz)",
  visible: "Visible in the shop",
  photos: "Photos",
  stock: "Stock",
  reason: "Reason",
  // Sizes and scents.
  options: "Options",
  archived: "Archived",
  variant: "Variant",
  variants: "Variants",
  sku: "SKU",
  available: "Available",
  // Categories and the catalog file.
  title: "Title",
  position: "Position",
  categories: "Categories",
  products: "Products",
  removedCategories: "Categories removed",
  removedProducts: "Products removed",
  replace: "Replace the whole catalog",
  // Shipping, tax and discount codes.
  states: "States",
  rates: "Rates",
  price: "Price",
  estimate: "Delivery estimate",
  condition: "Condition",
  rate: "Rate",
  shipping: "Shipping",
  code: "Code",
  kind: "Kind",
  value: "Value",
  minimum: "Minimum subtotal",
  starts: "Starts",
  ends: "Ends",
  totalUses: "Total uses",
  oncePerCustomer: "One per customer",
  active: "Active",
  // The owner's account.
  lowStockEmail: "Low-stock email",
  // The shop's settings (the rest read as they are spelled: "contactEmail" is "Contact email").
  address: "Business address",
};

/** An order's status as recorded ("refunded") in the owner's words. */
const STATUS_NAMES: Record<string, string> = {
  paid: "Paid",
  shipped: "Shipped",
  refunded: "Refunded",
  pending_payment: "Waiting for payment",
  expired: "Expired unpaid",
};

/** A field the list above lacks still reads as words ("giftWrapCents" → "Gift wrap"); a state's name stays as it is. */
const spelledOut = (field: string) => {
  const words = field
    .replace(/Cents$/, "")
    .replaceAll(/([a-z])([A-Z])/g, (_, end: string, start: string) => `${end} ${start.toLowerCase()}`);
  return words.charAt(0).toUpperCase() + words.slice(1);
};

function valueInWords(field: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return "none";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (field.endsWith("Cents") && typeof value === "number") return formatDollars(value);
  if (field === "status" && typeof value === "string") return STATUS_NAMES[value] ?? value;
  return String(value);
}

/** An entry's before or after values (its JSON) as the owner would say them: "Amount: $63.64, Put the items back in stock: yes". */
export function activityValuesInWords(json: string | null): string {
  if (!json) return "";
  return Object.entries(JSON.parse(json) as Record<string, unknown>)
    .map(([field, value]) => `${FIELD_LABELS[field] ?? spelledOut(field)}: ${valueInWords(field, value)}`)
    .join(", ");
}
