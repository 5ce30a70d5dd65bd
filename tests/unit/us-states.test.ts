import { describe, expect, it } from "vitest";
import { normalizeZip, US_STATES, usStateByCode, usStateByName, usStateOf, ZONE_PRESETS } from "~/lib/us-states";

describe("US_STATES", () => {
  it("holds the 50 states, DC and five territories, each code once", () => {
    expect(US_STATES).toHaveLength(56);
    expect(new Set(US_STATES.map((state) => state.code)).size).toBe(56);
    expect(US_STATES.every((state) => /^[A-Z]{2}$/.test(state.code))).toBe(true);
  });

  it("lists the states and DC by name, then the territories by name", () => {
    const names = US_STATES.map((state) => state.name);
    const sorted = (list: string[]) => [...list].sort((a, b) => a.localeCompare(b));
    expect(names.slice(0, 51)).toEqual(sorted(names.slice(0, 51)));
    expect(names.slice(51)).toEqual(sorted(names.slice(51)));
    expect(US_STATES.slice(51).map((state) => state.code)).toEqual(["AS", "GU", "MP", "PR", "VI"]);
  });
});

describe("usStateByCode and usStateByName", () => {
  it("find a state by its code or name in any case", () => {
    expect(usStateByCode("OR")?.name).toBe("Oregon");
    expect(usStateByCode(" dc ")?.name).toBe("District of Columbia");
    expect(usStateByName("puerto rico")?.code).toBe("PR");
    expect(usStateByName("Texas")?.code).toBe("TX");
  });

  it("find nothing for unknown codes and names", () => {
    for (const code of ["", "XX", "FM", "AE", "Oregon"]) expect(usStateByCode(code), code).toBeUndefined();
    for (const name of ["", "OR", "Oregn", "Marshall Islands"]) expect(usStateByName(name), name).toBeUndefined();
  });
});

describe("usStateOf", () => {
  it("finds a state by its code or its name, as a shopper may type either", () => {
    for (const typed of ["texas", "Tx", " TX ", "TEXAS"]) expect(usStateOf(typed)?.code, typed).toBe("TX");
    expect(usStateOf("district of columbia")?.code).toBe("DC");
    for (const typed of ["", "Tex", "Ontario", "XX"]) expect(usStateOf(typed), typed).toBeUndefined();
  });
});

describe("ZONE_PRESETS", () => {
  const preset = (name: string) => ZONE_PRESETS.find((zone) => zone.name === name)!.codes;

  it("Contiguous US is the 48 states and DC", () => {
    const codes = preset("Contiguous US");
    expect(codes).toHaveLength(49);
    expect(codes).toContain("DC");
    expect(codes).not.toContain("AK");
    expect(codes).not.toContain("HI");
    expect(codes).not.toContain("PR");
  });

  it("the three presets cover every state once", () => {
    const codes = [...preset("Contiguous US"), ...preset("Alaska and Hawaii"), ...preset("US territories")];
    expect([...codes].sort()).toEqual(US_STATES.map((state) => state.code).sort());
    expect(preset("Alaska and Hawaii")).toEqual(["AK", "HI"]);
  });
});

describe("normalizeZip", () => {
  it("keeps a five-digit ZIP and the first five digits of a ZIP+4", () => {
    expect(normalizeZip("97201")).toBe("97201");
    expect(normalizeZip(" 97201-1234 ")).toBe("97201");
    expect(normalizeZip("00501")).toBe("00501");
  });

  it("refuses anything else", () => {
    for (const bad of [
      "",
      "9720",
      "972011",
      "97201-",
      "97201-123",
      "97201 1234",
      "972011234",
      "ABCDE",
      "97201-12345",
    ]) {
      expect(normalizeZip(bad), bad).toBeUndefined();
    }
  });
});
