import { describe, expect, it } from "vitest";
import { carryVariants } from "~/.server/admin/option-changes";
import { combinations, optionSlotsOf, optionsRefusal } from "~/lib/option-form";

const size = (...values: string[]) => ({ name: "Size", values });
const scent = (...values: string[]) => ({ name: "Scent", values });

describe("the Options form's slots", () => {
  it("splits values on commas, drops blanks, and reads an empty slot as none", () => {
    expect(optionSlotsOf(["Size", " ", ""], ["8 oz, 12 oz,", "", ""])).toEqual([size("8 oz", "12 oz"), null, null]);
  });

  it("puts each refusal beside its field", () => {
    expect(optionsRefusal([{ name: "", values: ["8 oz"] }, null, null])).toMatchObject({ slot: 0, field: "name" });
    expect(optionsRefusal([size("8 oz"), { name: "size", values: ["x"] }, null])).toMatchObject({
      slot: 1,
      field: "name",
      message: "The option size is there twice.",
    });
    expect(optionsRefusal([size("8 oz", "8 OZ"), null, null])).toMatchObject({ slot: 0, field: "values" });
    expect(optionsRefusal([null, { name: "Scent", values: [] }, null])).toMatchObject({ slot: 1, field: "values" });
    const many = Array.from({ length: 11 }, (_, index) => `v${index}`);
    expect(optionsRefusal([{ name: "A", values: many }, { name: "B", values: many }, null])).toEqual({
      slot: 1,
      field: "values",
      message: "These values make 121 variants; a product has at most 100.",
    });
    expect(optionsRefusal([size("8 oz"), null, scent("Fig")])).toBeUndefined();
  });

  it("makes every combination, the first option changing slowest", () => {
    expect(combinations([size("8 oz", "12 oz"), scent("Fig", "Moss")])).toEqual([
      ["8 oz", "Fig"],
      ["8 oz", "Moss"],
      ["12 oz", "Fig"],
      ["12 oz", "Moss"],
    ]);
    expect(combinations([])).toEqual([[]]);
  });
});

describe("which variants carry on when the options change", () => {
  it("keeps a product's one variant as its first combination", () => {
    expect(carryVariants([], [size("8 oz", "12 oz"), null, null], [{ id: 7, values: [] }])).toEqual({
      combinations: [{ values: ["8 oz"], from: 7 }, { values: ["12 oz"] }],
      leaving: [],
    });
  });

  it("keeps values by their text, renames in place when the count is unchanged, and archives removed ones", () => {
    const variants = [
      { id: 1, values: ["8 oz"] },
      { id: 2, values: ["12 oz"] },
    ];
    expect(carryVariants([size("8 oz", "12 oz")], [size("12 oz", "8 oz"), null, null], variants).combinations).toEqual([
      { values: ["12 oz"], from: 2 },
      { values: ["8 oz"], from: 1 },
    ]);
    expect(carryVariants([size("8 oz", "12 oz")], [size("8 oz", "14 oz"), null, null], variants).combinations).toEqual([
      { values: ["8 oz"], from: 1 },
      { values: ["14 oz"], from: 2 },
    ]);
    expect(carryVariants([size("8 oz", "12 oz")], [size("8 oz"), null, null], variants)).toEqual({
      combinations: [{ values: ["8 oz"], from: 1 }],
      leaving: [2],
    });
    expect(carryVariants([size("8 oz", "12 oz")], [size("8 oz", "4 oz", "16 oz"), null, null], variants)).toEqual({
      combinations: [{ values: ["8 oz"], from: 1 }, { values: ["4 oz"] }, { values: ["16 oz"] }],
      leaving: [2],
    });
  });

  it("adds an option with its first value, and removing one keeps the first variant of each combination", () => {
    const sized = [
      { id: 1, values: ["8 oz"] },
      { id: 2, values: ["12 oz"] },
    ];
    expect(carryVariants([size("8 oz", "12 oz")], [size("8 oz", "12 oz"), scent("Fig", "Moss"), null], sized)).toEqual({
      combinations: [
        { values: ["8 oz", "Fig"], from: 1 },
        { values: ["8 oz", "Moss"] },
        { values: ["12 oz", "Fig"], from: 2 },
        { values: ["12 oz", "Moss"] },
      ],
      leaving: [],
    });
    const both = [
      { id: 1, values: ["8 oz", "Fig"] },
      { id: 2, values: ["8 oz", "Moss"] },
    ];
    expect(carryVariants([size("8 oz"), scent("Fig", "Moss")], [null, scent("Fig", "Moss"), null], both)).toEqual({
      combinations: [
        { values: ["Fig"], from: 1 },
        { values: ["Moss"], from: 2 },
      ],
      leaving: [],
    });
    expect(carryVariants([size("8 oz"), scent("Fig", "Moss")], [null, null, null], both)).toEqual({
      combinations: [{ values: [], from: 1 }],
      leaving: [2],
    });
  });
});
