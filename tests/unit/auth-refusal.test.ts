import { APIError } from "better-auth/api";
// better-auth's own dependency: the class it throws when a body fails its schema.
import { APIError as BetterCallAPIError } from "better-call";
import { describe, expect, it } from "vitest";
import { authRefusal } from "~/.server/accounts/auth-refusal";

describe("authRefusal", () => {
  it("takes better-auth's refusal with its code and message", () => {
    const error = APIError.from("BAD_REQUEST", { code: "PASSWORD_TOO_SHORT", message: "Password too short" });
    expect(authRefusal(error)).toEqual({ code: "PASSWORD_TOO_SHORT", message: "Password too short" });
  });

  it("takes better-call's refusal of a body, which is no instance of better-auth's class, without its message", () => {
    const error = new BetterCallAPIError(400, {
      code: "VALIDATION_ERROR",
      message: "[body.email] Invalid email address",
    });
    expect(error).not.toBeInstanceOf(APIError);
    expect(authRefusal(error)).toEqual({ code: "VALIDATION_ERROR", message: undefined });
  });

  it.each([
    ["a server error from better-auth", APIError.from("INTERNAL_SERVER_ERROR", { code: "FAILED", message: "Failed" })],
    ["a redirect from better-auth", new APIError("FOUND")],
    ["any other error", new Error("database is gone")],
    ["something thrown that is no error", "oops"],
  ])("leaves %s to be thrown again", (_, error) => {
    expect(authRefusal(error)).toBeUndefined();
  });
});
