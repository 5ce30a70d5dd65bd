import type { NextFunction, Request, Response } from "express";
import { REFUSED_BODY_DRAIN_BYTES } from "~/.server/json-api";
import { MAX_PHOTO_FORM_BYTES } from "~/.server/admin/photo-upload";

/** The JSON API reads at most 64 KB itself (json-api.ts); a Stripe event is well under this. */
const MAX_API_BODY_BYTES = 1024 * 1024;
/** The largest form the shop has (sign-up) is a few hundred bytes. */
const MAX_FORM_BODY_BYTES = 16 * 1024;
/**
 * The owner's pages (/admin/pages): a policy of up to 20,000 characters,
 * URL-encoded (a character outside ASCII takes up to 9 bytes).
 */
const MAX_PAGE_FORM_BYTES = 256 * 1024;
const PAGE_FORMS = /^\/admin\/pages(?:\.data)?$/;

/**
 * The owner's forms that carry files (photos, a catalog file), read as they
 * stream with their own limits (app/.server/admin/photo-upload.ts,
 * routes/admin.import.tsx, routes/admin.tax.tsx); the largest is a save with ten photos. With
 * JavaScript on, React Router posts them to the same path with `.data`.
 */
const UPLOAD_FORMS = /^\/admin\/(?:products|categories|import|tax|settings)(?:[/.]|$)/;

const BODYLESS_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Answers once the body is read and dropped, up to REFUSED_BODY_DRAIN_BYTES (json-api.ts says why). */
function refuse(req: Request, res: Response, status: number, code: string, message: string) {
  const answer = () => {
    if (!res.headersSent) res.status(status).set("Connection", "close").json({ error: { code, message } });
  };
  let drained = 0;
  req
    .on("data", (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > REFUSED_BODY_DRAIN_BYTES) answer();
    })
    .once("end", answer)
    .once("error", answer);
}

/**
 * Bounds request bodies before React Router reads them: pages' forms are
 * read whole, so a form post must say its length and keep it small.
 */
export function limitRequestBodies(req: Request, res: Response, next: NextFunction) {
  if (BODYLESS_METHODS.has(req.method)) return next();
  const api = req.path.startsWith("/api/");
  const upload = UPLOAD_FORMS.test(req.path) && typeof req.is("multipart/form-data") === "string";
  const max = api
    ? MAX_API_BODY_BYTES
    : upload
      ? MAX_PHOTO_FORM_BYTES
      : PAGE_FORMS.test(req.path)
        ? MAX_PAGE_FORM_BYTES
        : MAX_FORM_BODY_BYTES;
  const length = req.get("content-length");
  if (length === undefined) {
    if (!api && req.get("transfer-encoding") !== undefined) {
      return refuse(req, res, 411, "length_required", "Send the form with a Content-Length.");
    }
    return next();
  }
  if (!/^\d+$/.test(length) || Number(length) > max) {
    return refuse(req, res, 413, "body_too_large", `The body must be at most ${max} bytes.`);
  }
  next();
}
