import { expect, test } from "./support/test";
import { signUp, uniqueEmail } from "./support/accounts";

const nav = (page: import("@playwright/test").Page) => page.getByRole("navigation", { name: "Main" });

test("the sign-in and sign-up forms stand side by side, one column on narrow screens", async ({ page }) => {
  await page.goto("/auth");
  const signIn = page.getByRole("form", { name: "Sign in" });
  const signUpForm = page.getByRole("form", { name: "Sign up" });
  await expect(signIn.getByLabel("Email")).toHaveAttribute("type", "email");
  await expect(signIn.getByLabel("Password")).toHaveAttribute("type", "password");
  await expect(signIn.getByRole("button", { name: "Sign In", exact: true })).toBeVisible();
  for (const label of ["Display Name", "Email", "Confirm Password"])
    await expect(signUpForm.getByLabel(label)).toBeVisible();
  await expect(signUpForm.getByLabel("Email")).toHaveAttribute("type", "email");

  let [a, b] = [(await signIn.boundingBox())!, (await signUpForm.boundingBox())!];
  expect(Math.abs(a.y - b.y)).toBeLessThan(2);
  expect(b.x).toBeGreaterThan(a.x + a.width);

  await page.setViewportSize({ width: 390, height: 900 });
  [a, b] = [(await signIn.boundingBox())!, (await signUpForm.boundingBox())!];
  expect(Math.abs(a.x - b.x)).toBeLessThan(2);
  expect(b.y).toBeGreaterThan(a.y + a.height);
});

test("sign-up needs all four fields and a real email; nothing is sent without them", async ({ page }) => {
  await page.goto("/auth");
  const form = page.getByRole("form", { name: "Sign up" });
  let posted = false;
  page.on("request", (request) => {
    if (request.method() === "POST") posted = true;
  });
  await form.getByRole("button", { name: "Sign Up" }).click();
  for (const label of ["Display Name", "Email", "Confirm Password"]) {
    expect(await form.getByLabel(label).evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);
  }
  await form.getByLabel("Display Name").fill("Ada");
  await form.getByLabel("Email").fill("not-an-email");
  await form.getByLabel("Password", { exact: true }).fill("candlelight-42");
  await form.getByLabel("Confirm Password").fill("candlelight-42");
  await form.getByRole("button", { name: "Sign Up" }).click();
  expect(await form.getByLabel("Email").evaluate((input: HTMLInputElement) => input.validity.typeMismatch)).toBe(true);
  expect(posted).toBe(false);
  await expect(nav(page).getByRole("link", { name: "Login" })).toBeVisible();
});

test("passwords that do not match are refused with 'passwords do not match' and nothing is submitted", async ({
  page,
}) => {
  await page.goto("/auth");
  const form = page.getByRole("form", { name: "Sign up" });
  await expect(page.getByRole("button", { name: /^Cart,/ })).toBeEnabled();
  let posted = false;
  page.on("request", (request) => {
    if (request.method() === "POST") posted = true;
  });
  await form.getByLabel("Display Name").fill("Ada");
  await form.getByLabel("Email").fill(uniqueEmail("mismatch"));
  await form.getByLabel("Password", { exact: true }).fill("candlelight-42");
  await form.getByLabel("Confirm Password").fill("candlelight-43");
  await form.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByRole("alert")).toHaveText("passwords do not match");
  expect(posted).toBe(false);
});

test("sign-in needs both fields", async ({ page }) => {
  await page.goto("/auth");
  const form = page.getByRole("form", { name: "Sign in" });
  await form.getByLabel("Email").fill("someone@example.com");
  await form.getByRole("button", { name: "Sign In", exact: true }).click();
  expect(await form.getByLabel("Password").evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(
    true,
  );
  await expect(page).toHaveURL("/auth");
});

test("a new shopper signs up from a category page and comes back to it, signed in", async ({ page }) => {
  await page.goto("/shop/wax");
  await nav(page).getByRole("link", { name: "Login" }).click();
  await expect(page).toHaveURL("/auth?returnTo=%2Fshop%2Fwax");
  await signUp(page, { displayName: "Grace Hopper", email: uniqueEmail("grace") });
  await expect(page).toHaveURL("/shop/wax");
  await expect(nav(page).getByRole("button", { name: "Sign Out" })).toBeVisible();
  await expect(nav(page).getByRole("link", { name: "Login" })).toHaveCount(0);
});

test("the nav is right in the server's HTML: no flash of Login for a signed-in shopper", async ({ page }) => {
  await page.goto("/auth");
  await signUp(page, { displayName: "Margaret", email: uniqueEmail("margaret") });
  const html = await (await page.context().request.get("/about")).text();
  expect(html).toContain(">Margaret<");
  expect(html).toContain(">Sign Out<");
  expect(html).not.toContain(">Login<");
});

test("an email already in use cannot sign up again", async ({ page }) => {
  const email = uniqueEmail("taken");
  await page.goto("/auth");
  await signUp(page, { displayName: "First", email });
  await nav(page).getByRole("button", { name: "Sign Out" }).click();
  await expect(nav(page).getByRole("link", { name: "Login" })).toBeVisible();

  await page.goto("/auth");
  const form = page.getByRole("form", { name: "Sign up" });
  await form.getByLabel("Display Name").fill("Second");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password", { exact: true }).fill("another-pass-1");
  await form.getByLabel("Confirm Password").fill("another-pass-1");
  await form.getByRole("button", { name: "Sign Up" }).click();
  await expect(form.getByRole("alert")).toHaveText("Cannot create user, email already in use");
});

test("sign in, a wrong password told inline, and sign out", async ({ page }) => {
  const account = { displayName: "Katherine", email: uniqueEmail("katherine") };
  await page.goto("/auth");
  const { password } = await signUp(page, account);
  await nav(page).getByRole("button", { name: "Sign Out" }).click();
  await expect(nav(page).getByRole("link", { name: "Login" })).toBeVisible();

  await page.goto("/auth");
  const form = page.getByRole("form", { name: "Sign in" });
  await form.getByLabel("Email").fill(account.email);
  await form.getByLabel("Password").fill("not-the-password");
  await form.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(form.getByRole("alert")).toHaveText(
    "That email and password do not match an account. Please try again.",
  );
  await expect(nav(page).getByRole("link", { name: "Login" })).toBeVisible();

  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(nav(page).getByText("Katherine")).toBeVisible();
  await expect(page).toHaveURL("/");
});
