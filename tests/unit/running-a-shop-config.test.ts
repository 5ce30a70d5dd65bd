import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../helpers/run-script";

const read = (file: string) => fs.readFileSync(path.join(repoRoot, file), "utf8");

/** Every variable .env.example sets or shows commented out: `PORT=3000`, `# DATABASE_URL=…`. */
const exampleVariables = () =>
  [...read(".env.example").matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]!);

describe("docs/running-a-shop.md", () => {
  it("names every variable of .env.example, in backticks", () => {
    const variables = exampleVariables();
    // The example documents the server, data, payments, email, Google and the limits: dozens, not a handful.
    expect(variables.length).toBeGreaterThan(30);
    const guide = read("docs/running-a-shop.md");
    const missing = variables.filter((name) => !guide.includes(`\`${name}\``));
    expect(missing).toEqual([]);
  });
});
