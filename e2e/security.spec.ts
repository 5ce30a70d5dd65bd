import { type Page } from "@playwright/test";
import { expect, test } from "./support/test";

/** Every Content-Security-Policy violation the page reports, from its console and its DOM events. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.exposeFunction("reportViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as { reportViolation: (text: string) => void }).reportViolation(
        `${event.violatedDirective} ${event.blockedURI}`,
      );
    });
  });
  return violations;
}

test("the Content-Security-Policy lets every page of the shop run and blocks nothing of its own", async ({ page }) => {
  const violations = await watchViolations(page);
  for (const path of ["/", "/shop", "/shop/wax", "/shop/wax/1001", "/auth", "/checkout", "/contact", "/about"]) {
    await page.goto(path);
    await expect(page.getByRole("button", { name: /^Cart,/ })).toBeEnabled();
  }
  expect(violations).toEqual([]);
});

test("a page answered from the cache runs its scripts under the policy that names their hashes", async ({ page }) => {
  const violations = await watchViolations(page);
  for (const path of ["/", "/shop", "/shop/wax", "/shop/wax/1001"]) {
    // A page is kept once it has been sent; the cache's answers are the ones with an ETag.
    await expect
      .poll(async () => (await page.request.get(path)).headers().etag, { message: `${path} from the cache` })
      .toBeDefined();
    const response = await page.goto(path);
    expect(response?.headers().etag, path).toBeDefined();
    const policy = response?.headers()["content-security-policy"] ?? "";
    expect(policy, path).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/]{43}=')+;/);
    expect(policy, path).not.toContain("'nonce-");
    await expect(page.getByRole("button", { name: /^Cart,/ })).toBeEnabled();
  }
  expect(violations).toEqual([]);
});
