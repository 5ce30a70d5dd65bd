import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserSession } from "../helpers/browser-session";
import { signedInOwner } from "../helpers/owner";
import { type Shop, openShop } from "../helpers/shop-api";
import { testEngine } from "../helpers/test-database";
import { visibleText } from "../helpers/visible-text";

const textOf = (html: string) =>
  html.replaceAll("<!-- -->", "").replaceAll("&#x27;", "'").replaceAll("&amp;", "&").replaceAll("&quot;", '"');

describe(`the owner's sales tax setup, on ${testEngine}`, () => {
  let shop: Shop;
  let owner: BrowserSession;
  beforeAll(async () => {
    shop = await openShop({ Wax: [{ id: 1001, name: "Fig Leaf" }] });
    owner = await signedInOwner(shop);
  });
  afterAll(() => shop.close());

  const post = (fields: Record<string, string>) => owner.postForm("/admin/tax", fields);
  const upload = (csv: string, intent = "upload") => {
    const form = new FormData();
    form.append("intent", intent);
    form.append("zipRates", new Blob([csv], { type: "text/csv" }), "rates.csv");
    return owner.postMultipart("/admin/tax", form);
  };
  const version = async () =>
    (await shop.db.selectFrom("pricing_version").select("version").executeTakeFirstOrThrow()).version;
  const taxStates = () => shop.db.selectFrom("tax_states").selectAll().orderBy("state").execute();
  const zipRates = () => shop.db.selectFrom("tax_zip_rates").selectAll().orderBy("state").orderBy("zip").execute();
  const activity = (action: string) =>
    shop.db.selectFrom("activity").selectAll().where("action", "=", action).orderBy("id").execute();
  const everything = async () => ({
    states: await taxStates(),
    zips: await zipRates(),
    activity: await shop.db.selectFrom("activity").select("id").execute(),
    version: await version(),
  });

  it("adds a tax state, changes it by adding it again, and removes it, each logged with the pricing version moved", async () => {
    const page = textOf((await owner.get("/admin/tax")).html);
    expect(page).toContain("No tax state yet");
    // The State select starts on no state, not on Alabama.
    expect(page).toMatch(/<select [^>]*name="state"[^>]*><option value="">Choose a state<\/option><option value="AL">/);
    const start = await version();
    const added = await post({ intent: "state", state: "TX", rate: "6.25", taxShipping: "on" });
    expect(added.status).toBe(200);
    expect(textOf(added.html)).toContain("Texas added at 6.25 %.");
    expect(await taxStates()).toEqual([{ state: "TX", rate_millionths: 62_500, taxes_shipping: 1 }]);
    expect(await version()).toBe(start + 1);
    const [entry] = await activity("tax.state_added");
    expect(entry).toMatchObject({ subject_type: "tax", subject: "Texas", before: null });
    expect(JSON.parse(entry!.after!)).toEqual({ rate: "6.25 %", shipping: "taxed" });

    expect(textOf((await post({ intent: "state", state: "TX", rate: "20" })).html)).toContain("Texas is now at 20 %.");
    expect(await taxStates()).toEqual([{ state: "TX", rate_millionths: 200_000, taxes_shipping: 0 }]);
    const [changed] = await activity("tax.state_changed");
    expect(JSON.parse(changed!.before!)).toEqual({ rate: "6.25 %", shipping: "taxed" });
    expect(JSON.parse(changed!.after!)).toEqual({ rate: "20 %", shipping: "not taxed" });
    await post({ intent: "state", state: "OR", rate: "0.0001" });
    expect(textOf((await owner.get("/admin/tax")).html)).toContain("Oregon · 0.0001 %");

    const removed = await post({ intent: "remove", state: "OR" });
    expect(textOf(removed.html)).toContain("Oregon removed");
    expect((await activity("tax.state_removed")).map((row) => row.subject)).toEqual(["Oregon"]);
    expect(await version()).toBe(start + 4);
    expect((await post({ intent: "remove", state: "OR" })).status).toBe(409);
  });

  it("refuses a rate outside 0–20 % or with more than four decimals, and a state not in the list, changing nothing", async () => {
    const before = await everything();
    const rateMessage = "Enter a rate from 0 to 20 %, with at most four decimals, like 6.25.";
    for (const [fields, message] of [
      [{ rate: "20.0001" }, rateMessage],
      [{ rate: "-1" }, rateMessage],
      [{ rate: "6.12345" }, rateMessage],
      [{ rate: "" }, rateMessage],
      [{ state: "ZZ" }, "Choose a state."],
      [{ state: "" }, "Choose a state."],
    ] as [Record<string, string>, string][]) {
      const answer = await post({ intent: "state", state: "CA", rate: "7.25", ...fields });
      expect(answer.status, message).toBe(400);
      expect(textOf(answer.html)).toContain(message);
    }
    // An empty choice is refused beside the field, which is marked and described by it.
    const empty = textOf((await post({ intent: "state", state: "", rate: "7.25" })).html);
    expect(empty).toMatch(/<select [^>]*aria-invalid="true" aria-describedby="([^"]+)-error"[^>]*name="state"/);
    expect(empty).toMatch(/<p class="form-field__error" id="[^"]+-error">Choose a state\.<\/p>/);
    expect(await everything()).toEqual(before);
  });

  it("uploads ZIP rates: replaces only the states the file names, names a bad line, and shows each state's count", async () => {
    await post({ intent: "state", state: "CA", rate: "7.25" });
    const first = await upload(
      "State,ZipCode,TaxRegionName,EstimatedCombinedRate\nTX,75001,Addison,0.0825\nTX,75002,Allen,0.082500\nCA,90001,LA,0.1025\n",
    );
    expect(first.status).toBe(200);
    expect(textOf(first.html)).toContain("3 ZIP rates saved for California, Texas.");
    const page = textOf((await owner.get("/admin/tax")).html);
    expect(page).toContain("Texas: 2 ZIP rates");
    expect(page).toContain("California: 1 ZIP rate");
    expect(page).toContain("Shipping not taxed · 2 ZIP rates");

    const before = await everything();
    const bad = await upload("State,ZipCode,EstimatedCombinedRate\nTX,75001,0.0825\nTX,7500X,0.08\n");
    expect(bad.status).toBe(400);
    expect(textOf(bad.html)).toContain(
      'Nothing changed. Line 3: ZipCode "7500X" is not a ZIP code of five digits (or ZIP+4).',
    );
    expect((await upload("State,ZipCode,EstimatedCombinedRate\nTX,75001,0.25\n")).status).toBe(400);
    expect(textOf((await upload("")).html)).toContain("Choose the CSV file of ZIP rates.");
    expect(await everything()).toEqual(before);

    const replaced = await upload("State,ZipCode,EstimatedCombinedRate\nTX,75003,0.0625\n");
    expect(textOf(replaced.html)).toContain("1 ZIP rate saved for Texas.");
    expect(await zipRates()).toEqual([
      { state: "CA", zip: "90001", rate_millionths: 102_500 },
      { state: "TX", zip: "75003", rate_millionths: 62_500 },
    ]);
    const [, entry] = await activity("tax.zip_rates_uploaded");
    expect(JSON.parse(entry!.before!)).toEqual({ Texas: 2 });
    expect(JSON.parse(entry!.after!)).toEqual({ Texas: 1 });
    expect(await version()).toBe(before.version + 1);
  });

  it("refuses a table with short ZIP codes or rows of states that are not tax states, naming every bad line", async () => {
    const before = await everything();
    const answer = await upload(
      [
        "State,ZipCode,EstimatedCombinedRate",
        "TX,7870,0.0825",
        "NV,89501,0.0825",
        "TX,78701-1234,0.0825",
        "TX,78702-12,0.0825",
        ...Array.from({ length: 22 }, (_, i) => `NV,${89502 + i},0.0825`),
      ].join("\n"),
    );
    expect(answer.status).toBe(400);
    const notTaxed = "Nevada is not a tax state: add it above first, or take its rows out.";
    expect(visibleText(answer.html)).toContain(
      [
        "Nothing changed: 25 lines have problems.",
        'Line 2: ZipCode "7870" is not a ZIP code of five digits (or ZIP+4).',
        `Line 3: ${notTaxed}`,
        'Line 5: ZipCode "78702-12" is not a ZIP code of five digits (or ZIP+4).',
        ...Array.from({ length: 17 }, (_, i) => `Line ${6 + i}: ${notTaxed}`),
        "And 5 more.",
      ].join(" "),
    );
    expect(await everything()).toEqual(before);
  });

  it("removes a state's ZIP rates with Remove ZIP rates, logged, and its own rate applies across it again", async () => {
    const page = await owner.get("/admin/tax");
    expect(page.html).toMatch(/<button [^>]*value="remove-zip-rates"[^>]*aria-label="Remove the ZIP rates of Texas"/);
    expect(visibleText(page.html)).toContain("Texas: 1 ZIP rate Remove ZIP rates");
    const start = await version();
    const removed = await post({ intent: "remove-zip-rates", state: "TX" });
    expect(removed.status).toBe(200);
    expect(textOf(removed.html)).toContain("1 ZIP rate of Texas removed.");
    const after = visibleText((await owner.get("/admin/tax")).html);
    expect(after).toContain("Texas · 20 % Shipping not taxed · 0 ZIP rates");
    expect(after).not.toContain("Texas: 1 ZIP rate");
    expect(after).toContain("California: 1 ZIP rate");
    expect(await zipRates()).toEqual([{ state: "CA", zip: "90001", rate_millionths: 102_500 }]);
    const [entry] = await activity("tax.zip_rates_removed");
    expect(entry).toMatchObject({ subject_type: "tax", subject: "ZIP rates", after: null });
    expect(JSON.parse(entry!.before!)).toEqual({ Texas: 1 });
    expect(await version()).toBe(start + 1);

    const unchanged = await everything();
    const again = await post({ intent: "remove-zip-rates", state: "TX" });
    expect(again.status).toBe(409);
    expect(textOf(again.html)).toContain("Texas has no ZIP rates.");
    const unknown = await post({ intent: "remove-zip-rates", state: "ZZ" });
    expect(unknown.status).toBe(400);
    expect(textOf(unknown.html)).toContain("Reload the page and try again.");
    expect(await everything()).toEqual(unchanged);
  });

  it('answers an unknown or a missing intent with 400 and "Unknown action.", form or upload alike, changing nothing', async () => {
    const before = await everything();
    for (const fields of [{ intent: "sell-everything" }, { intent: "" }, {}] as Record<string, string>[]) {
      const answer = await post({ ...fields, state: "TX", rate: "1" });
      expect(answer.status).toBe(400);
      expect(answer.html).toContain("Unknown action.");
    }
    const multipart = await upload("State,ZipCode,EstimatedCombinedRate\nTX,75009,0.08\n", "sell-everything");
    expect(multipart.status).toBe(400);
    expect(multipart.html).toContain("Unknown action.");
    expect(await everything()).toEqual(before);
  });
  // Last: the refusal closes the connection with the rest of the file unread, and fetch's pool may not see it at once.
  it("refuses a file over the size limit before reading it, changing nothing", async () => {
    const before = await everything();
    const huge = "State,ZipCode,EstimatedCombinedRate\n" + "TX,75001,0.0825\n".repeat(600_000);
    const answer = await upload(huge);
    expect(answer.status).toBe(413);
    expect(textOf(answer.html)).toContain("The file is larger than 8 MB: nothing changed.");
    expect(await everything()).toEqual(before);
  });
});
