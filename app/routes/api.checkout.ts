import { methodNotAllowed } from "~/.server/json-api";

/**
 * POST /api/checkout is answered in front of React Router, by Express
 * (server/checkout-route.ts, server/checkout-answer.ts): the
 * router's request and response conversion cost a fifth of a checkout. Any
 * other method reaches this module.
 */
export const loader = methodNotAllowed;
export const action = methodNotAllowed;
