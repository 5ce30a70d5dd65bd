import { spawnSync } from "node:child_process";

/**
 * A program some tests need, as `.ci/run` installs it: `missing` says why
 * they skip (undefined when it is on PATH), and `title` puts that reason in
 * a test's title and in the output, so a skip is never silent.
 */
export function requiredProgram(program: string, debianPackage = program, versionArgs = ["version"]) {
  const missing =
    spawnSync(program, versionArgs, { stdio: "ignore" }).status === 0
      ? undefined
      : `skipped: ${program} is not on PATH (Debian: apt-get install ${debianPackage})`;
  const title = (text: string) => {
    if (!missing) return text;
    console.warn(`${text}: ${missing}`);
    return `${text}: ${missing}`;
  };
  return { missing, title };
}
