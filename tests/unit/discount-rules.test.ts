import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type DiscountCode, discountOff, discountRefusal, spreadDiscount } from "~/.server/pricing/discount-rules";

const code = (changes: Partial<DiscountCode> = {}): DiscountCode => ({
  code: "HOLIDAY15",
  kind: "percent",
  value: 15,
  active: true,
  minimumSubtotalCents: null,
  startsOn: null,
  endsOn: null,
  maxUses: null,
  uses: 0,
  ...changes,
});

describe("discountRefusal", () => {
  it("takes a plain active code", () => {
    expect(discountRefusal(code(), "2026-12-01", 100)).toBeUndefined();
  });

  it("refuses an unknown code and an inactive one alike", () => {
    expect(discountRefusal(undefined, "2026-12-01", 100)).toEqual({ kind: "discount_invalid" });
    expect(discountRefusal(code({ active: false }), "2026-12-01", 100)).toEqual({ kind: "discount_invalid" });
  });

  it("counts both the start and the end day in", () => {
    const december = code({ startsOn: "2026-12-01", endsOn: "2026-12-24" });
    expect(discountRefusal(december, "2026-11-30", 100)).toEqual({
      kind: "discount_not_started",
      startsOn: "2026-12-01",
    });
    expect(discountRefusal(december, "2026-12-01", 100)).toBeUndefined();
    expect(discountRefusal(december, "2026-12-24", 100)).toBeUndefined();
    expect(discountRefusal(december, "2026-12-25", 100)).toEqual({ kind: "discount_expired" });
  });

  it("refuses a code whose uses reached its limit", () => {
    expect(discountRefusal(code({ maxUses: 2, uses: 1 }), "2026-12-01", 100)).toBeUndefined();
    expect(discountRefusal(code({ maxUses: 2, uses: 2 }), "2026-12-01", 100)).toEqual({ kind: "discount_used_up" });
  });

  it("measures the minimum on the subtotal before the discount, and says what is missing", () => {
    const overFifty = code({ minimumSubtotalCents: 5000 });
    expect(discountRefusal(overFifty, "2026-12-01", 5000)).toBeUndefined();
    expect(discountRefusal(overFifty, "2026-12-01", 4250)).toEqual({ kind: "discount_minimum", shortCents: 750 });
  });
});

describe("discountOff", () => {
  it("rounds a percent half up to the cent", () => {
    expect(discountOff(code({ value: 15 }), 4010)).toBe(602); // 601.5
    expect(discountOff(code({ value: 15 }), 4003)).toBe(600); // 600.45
    expect(discountOff(code({ value: 100 }), 4003)).toBe(4003);
  });

  it("never takes more than the items", () => {
    expect(discountOff(code({ kind: "amount", value: 1000 }), 2400)).toBe(1000);
    expect(discountOff(code({ kind: "amount", value: 1000 }), 700)).toBe(700);
  });

  it("takes nothing off the items for free shipping, nor without a code", () => {
    expect(discountOff(code({ kind: "free_shipping", value: 0 }), 2400)).toBe(0);
    expect(discountOff(undefined, 2400)).toBe(0);
  });
});

describe("spreadDiscount", () => {
  it("spreads in proportion, the odd cents by largest remainder", () => {
    // 1000 off 3000 + 1000 + 2000: 500, 166.67, 333.33.
    expect(spreadDiscount([3000, 1000, 2000], 1000)).toEqual([500, 167, 333]);
  });

  it("gives a tie's cent to the earlier line", () => {
    expect(spreadDiscount([1000, 1000, 1000], 100)).toEqual([34, 33, 33]);
    expect(spreadDiscount([500, 500], 1)).toEqual([1, 0]);
  });

  it("spreads nothing when there is nothing to spread", () => {
    expect(spreadDiscount([1000, 2000], 0)).toEqual([0, 0]);
  });

  it("sums to the discount and takes no line below zero, for any lines", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 50_000_000 }), { minLength: 1, maxLength: 8 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (lines, fraction) => {
          const subtotal = lines.reduce((sum, cents) => sum + cents, 0);
          const discount = Math.floor(subtotal * fraction);
          const shares = spreadDiscount(lines, discount);
          expect(shares.reduce((sum, cents) => sum + cents, 0)).toBe(discount);
          shares.forEach((share, index) => {
            expect(share).toBeGreaterThanOrEqual(0);
            expect(share).toBeLessThanOrEqual(lines[index]!);
            // Within a cent of the line's exact share.
            expect(Math.abs(share - (lines[index]! * discount) / subtotal)).toBeLessThan(1);
          });
        },
      ),
      { numRuns: 500 },
    );
  });
});
