import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { type Page } from "@playwright/test";
import { expect, test } from "../support/test";
import { signUp, uniqueEmail } from "../support/accounts";
import { startCheckout } from "../support/checkout";
import { clickAndConfirm } from "../support/confirm";
import { guestBuys } from "../support/guest-order";
import { nextTotpCode, totpCode } from "../../tests/helpers/totp";
import { createOwner, signInAsOwner } from "../support/owner";

const PHONE = { width: 390, height: 844 };
const TRACKING = "9400111899223197428490";

/** The text of the .eml the outbox wrote for this subject, once it is there. */
async function emailWithSubject(subject: string) {
  const outbox = path.join(process.env.E2E_DATA_DIR!, "outbox");
  let found = "";
  await expect
    .poll(
      () => {
        const files = fs.existsSync(outbox) ? fs.readdirSync(outbox) : [];
        found =
          files
            .map((file) => fs.readFileSync(path.join(outbox, file), "utf8"))
            .find((text) => text.includes(`Subject: ${subject}`)) ?? "";
        return found !== "";
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found;
}

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => violation.id);
}

test("an owner marks a paid guest order shipped from a phone, and the shopper's email carries the tracking number", async ({
  browser,
  page,
  asOwner,
}) => {
  const number = await guestBuys(browser, "/shop/woodwick/4003/", 1, {
    name: "Grace Hopper",
    email: uniqueEmail("grace"),
  });

  await page.setViewportSize(PHONE);
  await asOwner(page);
  const card = page.getByRole("listitem").filter({ hasText: number });
  await expect(card).toContainText("Grace Hopper");
  const form = card.getByRole("form", { name: `Ship order ${number}` });
  await form.getByLabel("Carrier").selectOption("USPS");
  await form.getByLabel("Tracking number").fill(TRACKING);
  await form.getByRole("button", { name: "Mark shipped" }).click();
  // The card is gone with its button: focus goes to the answer, in view, not to <body>.
  const shipped = page.getByRole("status").filter({ hasText: `Order ${number} is marked shipped` });
  await expect(shipped).toBeInViewport();
  await expect(shipped).toBeFocused();
  await expect(page.getByRole("listitem").filter({ hasText: number })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  const email = await emailWithSubject(`Your order ${number} has shipped`);
  expect(email).toContain(TRACKING);
});

test("a refund with restock puts a sold-out candle back on sale in the storefront", async ({
  browser,
  page,
  asOwner,
}) => {
  const product = "/shop/seasonal/2003/";
  const stock = ((await (await page.request.get("/api/products?ids=2003")).json()) as { items: { stock: number }[] })
    .items[0]!.stock;
  expect(stock, "a fresh test shop has Cranberry Orange in stock").toBeGreaterThan(0);
  const number = await guestBuys(browser, product, stock, {
    name: "Katherine Johnson",
    email: uniqueEmail("katherine"),
  });
  await page.goto(product);
  await expect(page.getByText("Sorry, this item is out of stock!")).toBeVisible();

  await asOwner(page);
  await page.goto(`/admin/orders/${number}`);
  await expect(page.getByRole("checkbox", { name: "Put the items back in stock" })).toBeChecked();
  // Cancel and refund asks first, naming the amount; keeping the order changes nothing.
  const refund = page.getByRole("button", { name: /^Cancel and refund \$/ });
  const amount = (await refund.textContent())!.replace("Cancel and refund ", "");
  await refund.click();
  const question = page.getByRole("group", {
    name: `Refund ${amount} to the customer's card and cancel order ${number}?`,
  });
  await question.getByRole("button", { name: "Keep the order" }).click();
  await expect(refund).toBeFocused();
  await page.reload();
  await expect(page.getByText("Paid, to ship", { exact: true })).toBeVisible();
  await clickAndConfirm(refund);
  await expect(page.getByRole("status").filter({ hasText: `Order ${number}` })).toHaveText(
    `Order ${number} is cancelled; the refund is on its way to the customer's card.`,
  );
  await expect(page.getByText("Refunded", { exact: true })).toBeVisible();

  await page.goto(product);
  await expect(page.getByRole("button", { name: "Add to Cart" })).toBeVisible();
  await expect(page.getByText("Sorry, this item is out of stock!")).toHaveCount(0);
});

test("axe finds nothing serious on the back office's screens, on a phone and a desk", async ({
  browser,
  page,
  asOwner,
}) => {
  // Ten axe runs (five screens, two widths) take about 30 s on a quiet machine.
  test.setTimeout(120_000);
  const number = await guestBuys(browser, "/shop/woodwick/4001/", 1, {
    name: "Mary Jackson",
    email: uniqueEmail("mary"),
  });
  await asOwner(page);
  for (const width of [PHONE.width, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const screen of ["/admin", "/admin/orders", `/admin/orders/${number}`, "/admin/activity", "/admin/account"]) {
      await page.goto(screen);
      expect(await seriousViolations(page), `${screen} at ${width}px`).toEqual([]);
    }
  }
});

test("a shopper's account finds no back office, and sees only its own orders at /account", async ({
  browser,
  page,
}) => {
  const someoneElses = await guestBuys(browser, "/shop/woodwick/4003/", 1, {
    name: "Someone Else",
    email: uniqueEmail("else"),
  });
  await page.goto("/auth");
  const shopper = await signUp(page, { displayName: "Just Shopping", email: uniqueEmail("shopper") });
  const answer = await page.goto("/admin");
  expect(answer?.status()).toBe(404);
  await expect(page.getByText("Oops! Looks like this page doesn't exist.")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Admin" })).toHaveCount(0);

  const { panel } = await startCheckout(page, "/shop/woodwick/4001/");
  await panel.fillShipping({ name: "Just Shopping" });
  await panel.fillCard("4242 4242 4242 4242");
  await panel.payButton.click();
  const confirmed = page.getByRole("heading", { name: /^Order WS-\w+ is confirmed$/ });
  await expect(confirmed).toBeVisible();
  const own = (await confirmed.textContent())!.match(/WS-\w+/)![0];

  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: `${shopper.displayName}: your orders` })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Your orders" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText([`Order ${own}`]);
  await expect(page.getByText(someoneElses)).toHaveCount(0);
});

// Two-factor on ends her other sessions: an owner of her own, not the worker's signed-in one.
test("an owner turns on two-factor sign-in from the shown secret, then signs in with a code from it", async ({
  page,
}) => {
  const owner = await createOwner();
  await signInAsOwner(page, owner);
  const beforeYouOpen = page.getByRole("region", { name: "Before you open" });
  await expect(beforeYouOpen.getByText("Turn on two-factor sign-in in Account")).toBeVisible();
  await beforeYouOpen.getByRole("link", { name: "Open Account" }).click();
  await page.getByRole("form", { name: "Turn on two-factor sign-in" }).getByLabel("Password").fill(owner.password);
  await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const secret = (await page.getByText(/^Or type this secret into the app:/).textContent())!
    .replace("Or type this secret into the app:", "")
    .replaceAll(" ", "");
  await page.getByLabel("Code from the app").fill(totpCode(secret));
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByText("On: signing in asks for a code from your authenticator app.")).toBeVisible();

  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("button", { name: "Sign Out" }).click();
  // Signed out before the next page: a navigation started while Sign Out's own is under way would interrupt it.
  await expect(nav.getByRole("link", { name: "Login" })).toBeVisible();
  await page.goto("/auth?returnTo=%2Fadmin");
  const form = page.getByRole("form", { name: "Sign in" });
  await form.getByLabel("Email").fill(owner.email);
  await form.getByLabel("Password").fill(owner.password);
  await form.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Enter your sign-in code" })).toBeVisible();
  await page.getByLabel("Authentication code").fill(nextTotpCode(secret));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Today" })).toBeVisible();
});
