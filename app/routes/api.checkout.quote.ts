import { methodNotAllowed } from "~/.server/json-api";

/**
 * POST /api/checkout/quote is answered in front of React Router, by Express,
 * as the checkout is (server/quote-answer.ts); any other method reaches this
 * module.
 */
export const loader = methodNotAllowed;
export const action = methodNotAllowed;
