import fs from "node:fs";
import path from "node:path";

/**
 * DATA_DIR holds the password hashes, the two-factor secrets and the session
 * secret (in the database) and the customers' emails (the outbox): it and
 * everything in it are the shop's user's alone (DESIGN.md "Going live",
 * Files). Each folder and file is created with its mode given, which a umask
 * can only narrow, so a umask of 000 changes nothing.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Bits that let someone other than the owner read, write or enter. */
const OTHERS = 0o077;

/** Creates `dir` and its missing parents, 0700; a folder that exists keeps its mode (the checklist names a wider one). */
export const makePrivateDir = (dir: string) => void fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });

/**
 * Creates `file` empty and 0600 unless it exists. SQLite then writes into it
 * rather than creating it 0644, and gives the -wal and -shm files it creates
 * beside it the same mode as the database's. An existing file is never
 * opened here: closing a descriptor drops every POSIX lock this process
 * holds on the file, SQLite's included.
 */
export function createPrivateFile(file: string) {
  try {
    fs.closeSync(fs.openSync(file, "wx", PRIVATE_FILE_MODE));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
}

/**
 * Narrows a file an older version made 0644 to 0600. One that is missing, or
 * not this user's to change, is left as it is: the checklist names it.
 */
export function makeFilePrivate(file: string) {
  try {
    if (fs.statSync(file).mode & OTHERS) fs.chmodSync(file, PRIVATE_FILE_MODE);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "ENOENT" && code !== "EPERM") throw error;
  }
}

/** A folder's entries; none when this user may not list it (another user's 0700 folder is private already). */
function namesIn(dir: string) {
  try {
    return fs.readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EACCES") return [];
    throw error;
  }
}

/**
 * `dataDir` and whatever is in it (folders included, symbolic links not
 * followed) that other users may read or enter, as paths; none when the
 * folder does not exist yet.
 */
export function widerThanPrivate(dataDir: string): string[] {
  const wide: string[] = [];
  const visit = (entry: string) => {
    const stats = fs.lstatSync(entry, { throwIfNoEntry: false });
    if (!stats || stats.isSymbolicLink()) return;
    if (stats.mode & OTHERS) wide.push(entry);
    if (stats.isDirectory()) for (const name of namesIn(entry)) visit(path.join(entry, name));
  };
  visit(dataDir);
  return wide;
}
