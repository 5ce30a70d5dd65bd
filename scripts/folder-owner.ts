import fs from "node:fs";

export interface Account {
  uid: number;
  gid: number;
  name: string;
  home: string;
}

/**
 * The user who owns `folder`, when this process runs as root and that user is
 * another one (the guide's `wickshop`): what root runs in the folder runs as its
 * owner, so the files it writes stay the shop's own.
 */
export function otherOwner(folder: string): Account | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const { uid } = fs.statSync(folder);
  if (uid === 0) return undefined;
  const entry = fs
    .readFileSync("/etc/passwd", "utf8")
    .split("\n")
    .map((line) => line.split(":"))
    .find((fields) => Number(fields[2]) === uid);
  if (!entry) throw new Error(`${folder} belongs to user ${uid}, who is not in /etc/passwd`);
  return { uid, gid: Number(entry[3]), name: entry[0]!, home: entry[5]! };
}
