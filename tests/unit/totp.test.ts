import { describe, expect, it } from "vitest";
import { totpCode } from "../helpers/totp";

describe("the tests' TOTP calculator", () => {
  // RFC 6238 appendix B's SHA-1 vectors, the secret "12345678901234567890" in base32, six digits.
  it.each([
    [59_000, "287082"],
    [1_111_111_109_000, "081804"],
    [1_234_567_890_000, "005924"],
    [2_000_000_000_000, "279037"],
  ])("gives the RFC's code at %i ms", (now, code) => {
    expect(totpCode("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ", now)).toBe(code);
  });
});
