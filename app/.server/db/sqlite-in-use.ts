import SQLite from "better-sqlite3";

/**
 * Whether a process has the SQLite file open: a running shop, or a command
 * such as check-setup. In WAL mode, which every connection of the shop's
 * uses, a connection holds a shared lock on the database file from its first
 * read until it closes, idle or not; that is how SQLite knows, on closing,
 * whether it is the last one. So an exclusive lock can be had only when no
 * process has the file open: asking for one (exclusive locking mode, no busy
 * wait) is the test. The locks are the kernel's (fcntl), so they are seen
 * across users, and nothing is left behind by a process that died.
 * (`BEGIN EXCLUSIVE` would not do: in WAL mode it leaves readers be.)
 */
export function sqliteInUse(file: string): boolean {
  const probe = new SQLite(file, { fileMustExist: true });
  try {
    probe.pragma("busy_timeout = 0");
    probe.pragma("locking_mode = EXCLUSIVE");
    probe.prepare("select count(*) from sqlite_master").get();
    return false;
  } catch (error) {
    if ((error as { code?: unknown }).code === "SQLITE_BUSY") return true;
    // A damaged file that SQLite cannot read: no shop can have it open either.
    return false;
  } finally {
    probe.close();
  }
}
