import { spawnSync } from "node:child_process";

/** Why the rclone tests skip, or undefined when `rclone` is on PATH (`.ci/run` installs it). */
export const rcloneMissing =
  spawnSync("rclone", ["version"], { stdio: "ignore" }).status === 0
    ? undefined
    : "skipped: rclone is not on PATH (Debian: apt-get install rclone)";

/** A test's title; where it is skipped, it says so and why, in the title and in the output. */
export function rcloneTest(title: string) {
  if (!rcloneMissing) return title;
  console.warn(`${title}: ${rcloneMissing}`);
  return `${title}: ${rcloneMissing}`;
}
