import { expect, test } from "@playwright/test";

test("the Content-Security-Policy lets every page of the shop run and blocks nothing of its own", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.exposeFunction("reportViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as { reportViolation: (text: string) => void }).reportViolation(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  for (const path of ["/", "/shop", "/shop/wax", "/shop/wax/1001", "/auth", "/checkout", "/contact", "/about"]) {
    await page.goto(path);
    await expect(page.getByRole("button", { name: /^Cart,/ })).toBeEnabled();
  }
  expect(violations).toEqual([]);
});
