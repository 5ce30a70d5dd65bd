import { type RouteConfig, index, route } from "@react-router/dev/routes";

/** The screens of SPEC §2, the owner's back office, then the JSON API and the files for search engines. */
export default [
  index("routes/home.tsx"),
  route("shop", "routes/shop.tsx"),
  route("shop/:category", "routes/category.tsx"),
  route("shop/:category/:id", "routes/product.tsx"),
  route("contact", "routes/contact.tsx"),
  route("about", "routes/about.tsx"),
  route("auth", "routes/auth.tsx"),
  route("auth/two-factor", "routes/auth.two-factor.tsx"),
  route("auth/google", "routes/auth.google.tsx"),
  route("auth/google/done", "routes/auth.google.done.tsx"),
  route("checkout", "routes/checkout.tsx"),
  route("account", "routes/account.tsx"),
  route("admin", "routes/admin.tsx", [
    index("routes/admin.today.tsx"),
    route("orders", "routes/admin.orders.tsx"),
    route("orders/:number", "routes/admin.order.tsx"),
    route("products", "routes/admin.products.tsx"),
    route("products/:id", "routes/admin.product.tsx"),
    route("categories", "routes/admin.categories.tsx"),
    route("import", "routes/admin.import.tsx"),
    route("activity", "routes/admin.activity.tsx"),
    route("account", "routes/admin.account.tsx"),
    route("shipping", "routes/admin.shipping.tsx"),
    route("tax", "routes/admin.tax.tsx"),
    route("discounts", "routes/admin.discounts.tsx"),
    route("settings", "routes/admin.settings.tsx"),
  ]),
  route("admin/orders.csv", "routes/admin.orders[.]csv.ts"),
  route("admin/activity.csv", "routes/admin.activity[.]csv.ts"),
  route("admin/products.csv", "routes/admin.products[.]csv.ts"),
  route("admin/tax.csv", "routes/admin.tax[.]csv.ts"),
  route("admin/catalog.json", "routes/admin.catalog[.]json.ts"),

  route("api/catalog", "routes/api.catalog.ts"),
  route("api/catalog/:category", "routes/api.catalog.$category.ts"),
  route("api/products", "routes/api.products.ts"),
  // Express answers POST /api/checkout before React Router (server/express-app.ts mounts
  // server/checkout-route.ts ahead of the router's handler); this module answers its other methods.
  route("api/checkout", "routes/api.checkout.ts"),
  route("api/checkout/quote", "routes/api.checkout.quote.ts"),
  route("api/payments/test-gateway", "routes/api.payments.test-gateway.ts"),
  route("api/payments/stripe/webhook", "routes/api.payments.stripe.webhook.ts"),
  route("api/orders/:number/payment", "routes/api.orders.$number.payment.ts"),
  route("api/auth/callback/google", "routes/api.auth.callback.google.ts"),
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  route("robots.txt", "routes/robots[.]txt.ts"),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
