import { randomBytes, timingSafeEqual } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { PRIVATE_FILE_MODE, makePrivateDir } from "../private-files";

/** Where the token of /healthz?detail is kept: in DATA_DIR, readable by the shop's user alone. */
export const healthzTokenFile = (dataDir: string) => path.join(dataDir, "healthz-token");

/** The file's token, or undefined while there is none. */
function readToken(file: string) {
  try {
    return fs.readFileSync(file, "utf8").trim() || undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/**
 * The token /healthz?detail asks for, made on first need: written whole to a
 * file of its own, 0600, then linked into place, so a process that reads it
 * meanwhile (another shop process, the owner's `cat`) finds all of it or none,
 * and of two processes that make one at once, both keep the first.
 */
export function healthzToken(dataDir: string): string {
  const file = healthzTokenFile(dataDir);
  const existing = readToken(file);
  if (existing) return existing;
  makePrivateDir(dataDir);
  const draft = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  fs.writeFileSync(draft, `${randomBytes(32).toString("base64url")}\n`, { mode: PRIVATE_FILE_MODE, flag: "wx" });
  try {
    fs.linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    fs.rmSync(draft, { force: true });
  }
  // An emptied file is a token nobody can give: the detail stays closed until it holds one again.
  return readToken(file) ?? "";
}

/** Whether `given` is the token, compared in constant time. */
export function isHealthzToken(dataDir: string, given: string | undefined): boolean {
  const token = healthzToken(dataDir);
  if (!given || !token) return false;
  const expected = Buffer.from(token);
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
