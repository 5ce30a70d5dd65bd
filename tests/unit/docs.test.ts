import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { headingsOf, linksOf, slugOf, tableOfContents } from "../helpers/markdown-docs";
import { repoRoot } from "../helpers/run-script";

/** Every Markdown file a reader of the project opens: the top-level ones, docs/ and the bench's. */
function docFiles(): string[] {
  const topLevel = fs.readdirSync(repoRoot).filter((name) => name.endsWith(".md"));
  const docs = fs
    .readdirSync(path.join(repoRoot, "docs"), { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".md"))
    .map((name) => path.join("docs", name));
  const bench = fs.existsSync(path.join(repoRoot, "bench/README.md")) ? ["bench/README.md"] : [];
  return [...topLevel, ...docs, ...bench].sort();
}

/** The guides: each reader's, with a table of contents of its own. */
const GUIDES = [
  "docs/owner-guide.md",
  "docs/running-a-shop.md",
  "docs/http-api.md",
  "docs/development.md",
  "bench/README.md",
];

const read = (file: string) => fs.readFileSync(path.join(repoRoot, file), "utf8");

describe("README", () => {
  const readme = read("README.md");
  const lines = readme.split("\n");

  it("is 200 lines or fewer", () => {
    expect(lines.length).toBeLessThanOrEqual(200);
  });

  it("gives the two commands in its first 30 lines, with the silent first install", () => {
    const start = lines.slice(0, 30).join("\n");
    expect(start).toContain("npm install && npm start");
    expect(start).toContain("npm test");
    expect(start).toMatch(/compiles SQLite[^.]*about two\s+minutes/);
  });

  it("links every guide, the configuration, the license and how to contribute", () => {
    const targets = linksOf(readme).map((link) => link.href.split("#")[0]);
    for (const file of [...GUIDES, ".env.example", "LICENSE", "CONTRIBUTING.md"]) expect(targets).toContain(file);
  });
});

describe.each(docFiles())("%s", (file) => {
  const text = read(file);

  it("names no path outside the repository, no outside specification and no issue number", () => {
    const found = [
      /\.\.\/shared\b/,
      /\/work\/\w+/,
      /\b(?:SPEC|DESIGN)\.md\b/,
      /\b(?:SPEC|DESIGN)\s*§/,
      /\bissues?\s+#?\d+/i,
      /(?<![\w/.-])#\d+\b/,
    ].flatMap((pattern) => text.match(new RegExp(pattern, "g")) ?? []);
    expect(found).toEqual([]);
  });

  it("links and shows only files of the repository, and headings that exist", () => {
    const broken = linksOf(text)
      .filter((link) => !/^[a-z]+:/i.test(link.href))
      .filter((link) => {
        const [target, anchor] = link.href.split("#");
        const resolved = target
          ? path.resolve(repoRoot, path.dirname(file), decodeURI(target))
          : path.join(repoRoot, file);
        if (path.relative(repoRoot, resolved).startsWith("..") || !fs.existsSync(resolved)) return true;
        if (!anchor || !resolved.endsWith(".md")) return false;
        return !headingsOf(fs.readFileSync(resolved, "utf8")).some((heading) => slugOf(heading.text) === anchor);
      })
      .map((link) => link.href);
    expect(broken).toEqual([]);
  });
});

describe.each(GUIDES.filter((file) => fs.existsSync(path.join(repoRoot, file))))("the guide %s", (file) => {
  it("opens with a table of contents that lists its sections in order", () => {
    const text = read(file);
    const contents = tableOfContents(text);
    expect(contents.length, "a list of links to its own headings").toBeGreaterThan(0);
    const headings = headingsOf(text).filter((heading) => heading.level > 1 && heading.text !== "Contents");
    const listed = contents.map((entry) => entry.href);
    // Every section is listed; subsections may be, and then in their place.
    const expected = headings
      .filter((heading) => heading.level === 2 || listed.includes(`#${slugOf(heading.text)}`))
      .map((heading) => ({ text: heading.text, href: `#${slugOf(heading.text)}` }));
    expect(contents).toEqual(expected);
  });
});

describe("the screenshots", () => {
  it("are each shown by a document", () => {
    const shown = new Set(
      docFiles().flatMap((file) =>
        linksOf(read(file))
          .filter((link) => link.image)
          .map((link) => path.resolve(repoRoot, path.dirname(file), link.href)),
      ),
    );
    const folder = path.join(repoRoot, "docs/screenshots");
    const unused = fs.readdirSync(folder).filter((name) => !shown.has(path.join(folder, name)));
    expect(unused).toEqual([]);
  });
});
