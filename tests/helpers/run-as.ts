import { execFileSync } from "node:child_process";

/** How an operator's shell would run a command: under a umask (the shell's own `umask`), or as another user. */
export interface RunAs {
  /** Octal, as `umask` takes it: "000". */
  umask?: string;
  user?: { uid: number; gid: number };
}

/** `command` as spawn's file, arguments and ids: under a umask, through /bin/sh, which then execs it. */
export function spawnedAs(command: string[], as: RunAs = {}) {
  const [file, ...args] = as.umask ? ["/bin/sh", "-c", `umask ${as.umask} && exec "$0" "$@"`, ...command] : command;
  return { file: file!, args, ids: as.user ?? {} };
}

/**
 * A system user for tests that run the shop as someone other than root (the
 * service's `wickshop` user), created if missing; undefined unless this run is
 * root's, who alone may create one and give it files.
 */
export function testSystemUser(name = "wickshop-test"): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  try {
    execFileSync("id", ["-u", name], { stdio: "ignore" });
  } catch {
    execFileSync("useradd", ["--system", "--no-create-home", "--shell", "/usr/sbin/nologin", name]);
  }
  const id = (flag: string) => Number(execFileSync("id", [flag, name], { encoding: "utf8" }).trim());
  return { uid: id("-u"), gid: id("-g") };
}
