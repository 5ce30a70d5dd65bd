import type express from "express";
import { sql } from "kysely";
import { healthzToken, isHealthzToken } from "~/.server/alerts/healthz-token";
import { alertStates } from "~/.server/alerts/state";
import type { Db } from "~/.server/db";

/** The token from `Authorization: Bearer …` or, for a monitor that can only set the URL, `?token=`. */
function tokenOf(req: express.Request) {
  const header = /^Bearer\s+(\S+)$/i.exec(req.get("authorization") ?? "");
  if (header) return header[1];
  return typeof req.query.token === "string" ? req.query.token : undefined;
}

const refusal = (code: string, message: string) => ({ error: { code, message } });

/**
 * `GET /healthz`: 200 once the database answers. `GET /healthz?detail`, for
 * the owner's uptime monitor, with the token kept in DATA_DIR: the same, and
 * every condition the alerts watch, whether it holds and since when. Without
 * the token it says nothing but that the token is missing or wrong.
 */
export function serveHealth(db: Db, dataDir: string): express.RequestHandler {
  // Made at start, so the owner finds it before her monitor first asks.
  healthzToken(dataDir);
  return async (req, res) => {
    const detail = req.query.detail !== undefined;
    if (detail) {
      const given = tokenOf(req);
      if (given === undefined) {
        res.setHeader("WWW-Authenticate", "Bearer");
        res.status(401).json(refusal("token_required", "Give the token from DATA_DIR/healthz-token."));
        return;
      }
      if (!isHealthzToken(dataDir, given)) {
        res.status(403).json(refusal("token_invalid", "That is not the token in DATA_DIR/healthz-token."));
        return;
      }
    }
    try {
      await sql`select 1`.execute(db);
      if (!detail) {
        res.json({ status: "ok" });
        return;
      }
      const conditions = (await alertStates(db)).map((state) => ({
        key: state.key,
        active: state.active,
        since: state.since === null ? null : new Date(state.since).toISOString(),
        text: state.text,
      }));
      res.setHeader("Cache-Control", "no-store");
      res.json({ status: conditions.some((condition) => condition.active) ? "attention" : "ok", conditions });
    } catch {
      res.status(503).json({ status: "unavailable" });
    }
  };
}
