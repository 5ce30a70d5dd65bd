import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BENCH_README, writeIntoReadme } from "../../bench/readme";
import { repoRoot } from "../helpers/run-script";

/** The blocks `npm run bench -- … --readme` fills, one per mode (bench/run.ts). */
const BLOCKS = [
  "bench",
  "bench-checkout",
  "bench-checkout-pricing",
  "bench-own-shop",
  "bench-variants",
  "bench-first-paint",
  "bench-index-cost",
  "bench-orders",
];

const scratchFile = (text: string) => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "bench-readme-")), "README.md");
  fs.writeFileSync(file, text);
  return file;
};

describe("the bench's --readme", () => {
  it("writes into bench/README.md, which has a block for every mode", () => {
    expect(BENCH_README).toBe("bench/README.md");
    const readme = fs.readFileSync(path.join(repoRoot, BENCH_README), "utf8");
    for (const block of BLOCKS) {
      expect(readme).toContain(`<!-- ${block}:start -->`);
      expect(readme.indexOf(`<!-- ${block}:end -->`)).toBeGreaterThan(readme.indexOf(`<!-- ${block}:start -->`));
    }
  });

  it("replaces the table between its block's markers and leaves the rest as it was", () => {
    const file = scratchFile(
      "# Bench\n\nHow it measures.\n\n<!-- bench-variants:start -->\nold table\n<!-- bench-variants:end -->\n\n" +
        "<!-- bench-own-shop:start -->\nother table\n<!-- bench-own-shop:end -->\n",
    );
    writeIntoReadme(file, "| new | table |\n", "bench-variants");
    expect(fs.readFileSync(file, "utf8")).toBe(
      "# Bench\n\nHow it measures.\n\n<!-- bench-variants:start -->\n| new | table |\n<!-- bench-variants:end -->\n\n" +
        "<!-- bench-own-shop:start -->\nother table\n<!-- bench-own-shop:end -->\n",
    );
  });

  it("refuses a file without the block's markers and changes nothing", () => {
    const text = "# Bench\n\n<!-- bench:start -->\ntable\n<!-- bench:end -->\n";
    const file = scratchFile(text);
    expect(() => writeIntoReadme(file, "new", "bench-orders")).toThrow(/no <!-- bench-orders:start -->/);
    expect(fs.readFileSync(file, "utf8")).toBe(text);
  });
});
