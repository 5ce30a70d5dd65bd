import type { Route } from "./+types/api.auth.callback.google";

/**
 * Google sends the shopper back here; better-auth checks the state, swaps the
 * code for tokens, verifies the ID token, signs the shopper in and redirects.
 * Only this one better-auth endpoint is exposed: sign-in and sign-up by email
 * go through /auth, with the shop's own limits.
 */
export const loader = ({ request, context }: Route.LoaderArgs) => context.auth.handler(request);

/** Providers may answer with a form post (response_mode=form_post). */
export const action = ({ request, context }: Route.ActionArgs) => context.auth.handler(request);
