import { describe, expect, it } from "vitest";
import { activityValuesInWords } from "~/.server/admin/activity-values";

const inWords = (values: Record<string, unknown>) => activityValuesInWords(JSON.stringify(values));

describe("the activity log's values in the owner's words", () => {
  it("says a refund's amount in dollars, its status as the back office names it, and a box as yes or no", () => {
    expect(inWords({ status: "refunded", amountCents: 6364, restocked: true })).toBe(
      "Status: Refunded, Amount: $63.64, Put the items back in stock: yes",
    );
    expect(inWords({ status: "paid" })).toBe("Status: Paid");
  });

  it("names a shipment's fields as the Mark shipped form does, and an empty one as none", () => {
    expect(inWords({ status: "shipped", carrier: null, trackingNumber: "" })).toBe(
      "Status: Shipped, Carrier: none, Tracking number: none",
    );
  });

  it("names a product's fields as its form does, with its price in dollars", () => {
    expect(
      inWords({
        name: "Fig Leaf",
        priceCents: 2375,
        lowStockAt: 3,
        weightOz: "8.5",
        visible: false,
        photos: 2,
      }),
    ).toBe(
      "Name: Fig Leaf, Price: $23.75, Low-stock alert at: 3, Weight (oz): 8.5, Visible in the shop: no, Photos: 2",
    );
  });

  it("names the catalog file's, the codes', the tax states' and the account's fields as their forms do", () => {
    expect(inWords({ categories: 2, removedProducts: 1, replace: true })).toBe(
      "Categories: 2, Products removed: 1, Replace the whole catalog: yes",
    );
    expect(inWords({ code: "SPRING15", minimum: "$20.00", oncePerCustomer: "yes", totalUses: null })).toBe(
      "Code: SPRING15, Minimum subtotal: $20.00, One per customer: yes, Total uses: none",
    );
    expect(inWords({ rate: "6.25 %", shipping: "taxed" })).toBe("Rate: 6.25 %, Shipping: taxed");
    expect(inWords({ lowStockEmail: "on" })).toBe("Low-stock email: on");
  });

  it("spells out a field it has no label for, keeps a state's name as it is, and says nothing for no values", () => {
    expect(inWords({ giftWrapCents: 250, "New Mexico": 1204 })).toBe("Gift wrap: $2.50, New Mexico: 1204");
    expect(activityValuesInWords(null)).toBe("");
  });
});
