import { z } from "./zod";

const RELOAD = "Reload the page and try again.";

/**
 * A row's id as a page sends it back (a hidden field, a link): a whole number
 * from 1 to 2,147,483,647, the largest id a row has on either engine
 * (PostgreSQL's `integer`). Anything else names no row and is not asked of
 * the database; the page that sent it is stale or was tampered with.
 */
export const rowIdSchema = z.coerce.number(RELOAD).int(RELOAD).min(1, RELOAD).max(2_147_483_647, RELOAD);
