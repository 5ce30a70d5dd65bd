/**
 * Every table's columns, as Kysely's `Database` type names them. It runs
 * past 300 lines on purpose: one interface per table with what each column
 * means, read side by side with the migrations; split by domain, the one
 * `Database` type would import them all back.
 */
import type { Generated, Selectable } from "kysely";

export interface CategoryTable {
  id: Generated<number>;
  /** Lowercased title: the lookup key of SPEC §3 and the URL segment. */
  slug: string;
  title: string;
  route: string;
  image_url: string;
  position: number;
}

export interface ProductTable {
  /** The catalog number the shop owner gave the item. */
  id: number;
  category_id: number;
  name: string;
  scent: string;
  description: string;
  /** JSON array of image URLs, the first shown on cards. */
  images: string;
  /** JSON object from an image URL to the owner's alt text for it; a photo without one has the default (app/lib/photo-alt.ts). */
  image_alts: Generated<string>;
  position: number;
  /** 1: in the shop; 0: hidden from every storefront page and not for sale. */
  visible: Generated<number>;
  /** The Today screen lists each of its variants once that variant's stock is at or below this. */
  low_stock_at: Generated<number>;
  /** JSON list of `{ name, values }` (app/lib/variants.ts): at most 3, in order; `[]` for a product with one variant. */
  options: Generated<string>;
  /** 1: the demo catalog loaded it and nobody changed it since ("Before you open" lists it); 0: the owner's. */
  demo: Generated<number>;
}

/** What is sold: one of a product's combinations of option values (migration 033). */
export interface VariantTable {
  /** A number unique across the catalog; a product without options has one variant, at first with the product's id. */
  id: number;
  product_id: number;
  position: number;
  /** JSON list of its values, one per product option in the options' order; `[]` without options. */
  option_values: Generated<string>;
  price_cents: number;
  /** What can still be bought; never below zero. */
  stock: number;
  /** The owner's stock-keeping unit, unique where given. */
  sku: string | null;
  /** Hundredths of an ounce (app/lib/weight.ts), for rates by weight; null when the owner gave none. */
  weight: number | null;
  /** Which of the product's photos shows it (an index into `images`); null: the first. */
  image: number | null;
  /** 1: for sale; 0: the owner took it off sale (shown as not available). */
  available: Generated<number>;
  /** 1: a variant that was sold and then removed from the options: kept for its orders, gone from the shop. */
  archived: Generated<number>;
}

/** A shipping zone: the states it covers are in shipping_zone_states, a state in one zone at most. */
export interface ShippingZoneTable {
  id: Generated<number>;
  name: string;
}

export interface ShippingZoneStateTable {
  /** Two-letter code (app/lib/us-states.ts). */
  state: string;
  zone_id: number;
}

/** A zone's rate; a range includes `range_from` and excludes `range_to` (cents for subtotal, hundredths of an ounce for weight). */
export interface ShippingRateTable {
  id: Generated<number>;
  zone_id: number;
  name: string;
  price_cents: number;
  estimate: string | null;
  condition: "always" | "subtotal" | "weight";
  range_from: number | null;
  range_to: number | null;
}

/** A state where the owner collects sales tax; rates are millionths (7.25 % is 72,500). */
export interface TaxStateTable {
  state: string;
  rate_millionths: number;
  taxes_shipping: number;
}

/** A ZIP code's combined rate, which replaces its state's. */
export interface TaxZipRateTable {
  state: string;
  zip: string;
  rate_millionths: number;
}

/** One row whose version changes with every change to shipping or tax, so each process reads the setup again. */
export interface PricingVersionTable {
  id: number;
  version: number;
}

/** An owner's discount code (migration 025; `uses` says how its uses are counted). */
export interface DiscountTable {
  id: Generated<number>;
  /** In capitals: codes match in any letter case. */
  code: string;
  kind: DiscountKind;
  /** A percent (1–100), cents off, or 0 for free shipping. */
  value: number;
  minimum_subtotal_cents: number | null;
  /** Days in SHOP_TIME_ZONE ("2026-12-24"), both included. */
  starts_on: string | null;
  ends_on: string | null;
  max_uses: number | null;
  /**
   * The Total uses limit's counter. A code's uses are its redemptions
   * (`discount_redemptions`: the orders holding it, pending or paid, a
   * refunded one too), and that count is what the back office shows and
   * checks. While the code has a limit this column equals the count and
   * never passes max_uses: a checkout takes a use with a conditional update,
   * an expiry gives it back, and the owner setting a limit sets it to the
   * count under the row's lock (admin/discounts.ts). Without a limit no one
   * writes or reads it, so checkouts with the code do not queue for its row
   * (orders/redemption.ts).
   */
  uses: Generated<number>;
  once_per_customer: number;
  active: number;
  created_at: number;
}

export type DiscountKind = "percent" | "amount" | "free_shipping";

/** One use of a code: one per order, given back only when the order expires unpaid. */
export interface DiscountRedemptionTable {
  order_id: number;
  discount_id: number;
  /** The order's lower-cased email for a one-per-customer code, else null; unique with the code where it is not null (migration 029). */
  email_key: string | null;
}

/** An uploaded photo's processed WebP at one width; its URL is /photos/{hash}-{width}.webp. */
export interface PhotoTable {
  /** Content hash of the photo's largest WebP, shared by its widths. */
  hash: string;
  width: number;
  height: number;
  bytes: Uint8Array;
  created_at: number;
}

/** An owner who gets the daily low-stock email, and the day (shop time zone, "2026-11-24") she last got it. */
export interface LowStockDigestTable {
  user_id: string;
  last_sent_day: string | null;
}

/** A renamed category's old slug, redirected permanently to its current page. */
export interface CategoryRedirectTable {
  slug: string;
  category_id: number;
}

export interface Database {
  categories: CategoryTable;
  products: ProductTable;
  variants: VariantTable;
  photos: PhotoTable;
  category_redirects: CategoryRedirectTable;
  low_stock_digests: LowStockDigestTable;
  orders: OrderTable;
  order_items: OrderItemTable;
  payment_events: PaymentEventTable;
  outbox: OutboxTable;
  refunds: RefundTable;
  activity: ActivityTable;
  rate_limits: RateLimitTable;
  stock_adjustments: StockAdjustmentTable;
  settings: SettingTable;
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  catalog_version: CatalogVersionTable;
  shipping_zones: ShippingZoneTable;
  shipping_zone_states: ShippingZoneStateTable;
  shipping_rates: ShippingRateTable;
  tax_states: TaxStateTable;
  tax_zip_rates: TaxZipRateTable;
  pricing_version: PricingVersionTable;
  discounts: DiscountTable;
  discount_redemptions: DiscountRedemptionTable;
  shop_settings: ShopSettingTable;
  settings_version: SettingsVersionTable;
}

/** A setting the owner saved in the back office (migration 032); an absent key keeps its default. */
export interface ShopSettingTable {
  key: string;
  value: string;
}

/** One row whose version changes with every save of the shop's settings, so each process reads them again. */
export interface SettingsVersionTable {
  id: number;
  version: number;
}

/** Counters whose sum is the catalog version; see app/.server/catalog/version.ts. */
export interface CatalogVersionTable {
  shard: number;
  version: number;
}

/** Values the shop generates once and shares between its processes, such as the session secret. */
export interface SettingTable {
  key: string;
  value: string;
}

/** better-auth's user table (its own columns); `name` is the shopper's display name. */
export interface UserTable {
  id: string;
  name: string;
  email: string;
  /** "owner" opens the back office; null (or anything else) is a shopper. */
  role: string | null;
  /** better-auth's twoFactor plugin (migration 014): whether she signs in with a code too; 0 or 1 on SQLite. */
  twoFactorEnabled: Generated<boolean | number>;
}

/** better-auth's session table: the columns the shop reads or writes itself. */
export interface SessionTable {
  id: string;
  token: string;
  userId: string;
  /** Whether the session gave a two-factor code (migration 019); 0 or 1 on SQLite. */
  twoFactorPassed: boolean | number;
}

/** better-auth's account table: how an account signs in ("credential" is the password). */
export interface AccountTable {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  password: string | null;
  /** An ISO string on SQLite, a timestamp on PostgreSQL, as better-auth writes them. */
  createdAt: string | Date;
  updatedAt: string | Date;
}

export type CategoryRow = Selectable<CategoryTable>;
export type ProductRow = Selectable<ProductTable>;
export type VariantRow = Selectable<VariantTable>;
export type DiscountRow = Selectable<DiscountTable>;

/** DESIGN.md §Data: paid orders are shipped and refunded by the owner. */
export type OrderStatus = "pending_payment" | "paid" | "shipped" | "refunded" | "expired";

/** Timestamps are milliseconds since the epoch, UTC. */
export interface OrderTable {
  id: Generated<number>;
  number: string;
  user_id: string | null;
  status: OrderStatus;
  /** The signed-in shopper's display name, or "Guest" (SPEC §1). */
  customer_name: string;
  email: string | null;
  shipping_name: string;
  shipping_address: string;
  shipping_city: string;
  shipping_state: string;
  shipping_zip: string;
  phone: string | null;
  amount_cents: number;
  currency: string;
  payment_provider: string;
  payment_ref: string | null;
  idempotency_key: string;
  created_at: number;
  paid_at: number | null;
  expires_at: number;
  /** The address that placed a pending order (null once it is paid or expired): what it holds counts against its cap. */
  held_by: string | null;
  /** Until when one process is settling this order's expiry; others leave it alone. */
  expiry_claimed_until: number | null;
  shipped_at: number | null;
  /** What the owner typed when she marked it shipped, if anything. */
  carrier: string | null;
  tracking_number: string | null;
  refunded_at: number | null;
  /** amount_cents = subtotal_cents − discount_cents + shipping_cents + tax_cents (a CHECK; migration 023). */
  subtotal_cents: number;
  discount_cents: Generated<number>;
  shipping_cents: Generated<number>;
  tax_cents: Generated<number>;
  /** The shipping rate chosen, its name and the cart's weight (hundredths of an ounce) at sale; null with no shipping set up. */
  shipping_rate_id: number | null;
  shipping_rate_name: string | null;
  shipping_weight: number | null;
  /** Where tax was charged, at what rate (millionths) and whether on shipping too; null when none was. */
  tax_state: string | null;
  tax_zip: string | null;
  tax_rate_millionths: number | null;
  tax_shipping: number | null;
  /** The code as sold and its kind; null without one. */
  discount_code: string | null;
  discount_kind: DiscountKind | null;
}

export interface OrderItemTable {
  order_id: number;
  product_id: number;
  /** The variant sold (migration 033 gave the older lines their product's one). */
  variant_id: number;
  name: string;
  /** Its option values as sold, joined by " / " ("12 oz"); "" for a product without options. */
  variant: Generated<string>;
  price_cents: number;
  quantity: number;
  scent: string;
}

export interface PaymentEventTable {
  id: Generated<number>;
  provider: string;
  event_id: string;
  order_id: number | null;
  type: string;
  created_at: number;
}

export interface OutboxTable {
  id: Generated<number>;
  order_id: number | null;
  kind: string;
  to: string;
  reply_to: string | null;
  subject: string;
  text: string;
  html: string;
  status: "pending" | "sent" | "failed";
  attempts: Generated<number>;
  next_attempt_at: number;
  last_error: string | null;
  created_at: number;
  sent_at: number | null;
  /** JSON of SPEC §3's order notification fields, for template transports. */
  params: string | null;
  /** When the text, HTML, params and reply-to of this sent email were removed (mail/pruning.ts); null while it has them. */
  pruned_at: number | null;
}

export type OutboxRow = Selectable<OutboxTable>;

/** Money to give back through the payment's own provider; see app/.server/orders/refunds.ts. */
export interface RefundTable {
  id: Generated<number>;
  order_id: number;
  provider: string;
  payment_ref: string;
  amount_cents: number;
  currency: string;
  /** Why: "payment_not_applicable" (money came in for an order that could not take it). */
  reason: string;
  status: "pending" | "refunded" | "failed";
  attempts: Generated<number>;
  next_attempt_at: number;
  last_error: string | null;
  provider_refund_id: string | null;
  created_at: number;
  refunded_at: number | null;
}

export type RefundRow = Selectable<RefundTable>;

/** One owner action, never changed afterwards; see app/.server/admin/activity.ts. */
export interface ActivityTable {
  id: Generated<number>;
  created_at: number;
  actor_id: string;
  actor_name: string;
  /** What was done: "order.shipped", "order.refunded", … */
  action: string;
  /** What it was done to: "order" and its number, "product" and its id. */
  subject_type: string;
  subject: string;
  /** JSON of the fields the action changed, as they were and as they became. */
  before: string | null;
  after: string | null;
}

export type ActivityRow = Selectable<ActivityTable>;

/** A change of stock that is not an order (a catalog import), as a difference. */
export interface StockAdjustmentTable {
  id: Generated<number>;
  product_id: number;
  variant_id: number;
  delta: number;
  reason: string;
  created_at: number;
}

export interface RateLimitTable {
  key: string;
  window_start: number;
  hits: number;
}

export type OrderRow = Selectable<OrderTable>;
export type OrderItemRow = Selectable<OrderItemTable>;
