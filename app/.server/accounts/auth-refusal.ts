import { isAPIError } from "better-auth/api";

/** better-auth turning down what a form sent: its code (INVALID_EMAIL, PASSWORD_TOO_SHORT, …) and, when it has one for people, its message. */
export interface AuthRefusal {
  code: string;
  message?: string;
}

/**
 * What better-auth refused in the input (one of its 4xx answers), or undefined for
 * anything else, which the caller throws again. A form answers a refusal with its
 * own message and a 4xx, never a 500. better-auth throws two APIError classes: its
 * own, and better-call's for a body its schema refuses (a malformed email on
 * sign-up). The second is not an instance of the first, so `instanceof APIError`
 * misses it; `isAPIError` knows both.
 */
export function authRefusal(error: unknown): AuthRefusal | undefined {
  if (!isAPIError(error) || error.statusCode < 400 || error.statusCode > 499) return undefined;
  const code = String(error.body?.code ?? "");
  // better-call's validation message names better-auth's fields ("[body.email] …"), not the form's.
  return { code, message: code === "VALIDATION_ERROR" ? undefined : error.body?.message };
}
