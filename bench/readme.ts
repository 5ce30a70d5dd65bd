import fs from "node:fs";

const START = "<!-- bench:start -->";
const END = "<!-- bench:end -->";

/** Replaces the figures between the README's bench markers with `table`. */
export function writeIntoReadme(file: string, table: string) {
  const readme = fs.readFileSync(file, "utf8");
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start === -1 || end < start) throw new Error(`${file} has no ${START} … ${END} block for the figures`);
  fs.writeFileSync(file, `${readme.slice(0, start + START.length)}\n${table}${readme.slice(end)}`);
}
