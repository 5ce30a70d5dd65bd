import { execFile } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";

/**
 * The W3C Nu HTML Checker from the vnu-jar package, run on Java directly:
 * the package's own launcher (and its install script, denied in
 * package.json) downloads a Java runtime from outside the npm registry
 * wherever none is installed.
 */
const vnuJar = createRequire(import.meta.url).resolve("vnu-jar/build/dist/vnu.jar");

export interface HtmlDocument {
  /** How a failure names the document: who asked for which page. */
  name: string;
  html: string;
}

export interface NuError {
  document: string;
  line?: number;
  column?: number;
  message: string;
  extract?: string;
}

interface NuReport {
  messages: {
    type: string;
    url?: string;
    lastLine?: number;
    firstColumn?: number;
    message: string;
    extract?: string;
  }[];
}

/** One line per error, as a failing test lists them. */
export const describeNuError = ({ document, line, column, message, extract }: NuError) =>
  `${document}:${line ?? "?"}:${column ?? "?"} ${message}${extract ? ` «${extract.replace(/\s+/g, " ")}»` : ""}`;

function runChecker(files: string[]): Promise<NuReport> {
  return new Promise((resolve, reject) => {
    execFile(
      "java",
      ["-jar", vnuJar, "--format", "json", "--stdout", ...files],
      { maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if ((error as NodeJS.ErrnoException | null)?.code === "ENOENT") {
          reject(
            new Error(
              "The W3C Nu HTML Checker runs on Java and there is no `java` on PATH: install Java 11 or later (Debian: apt-get install default-jre-headless).",
            ),
          );
          return;
        }
        // It exits with 1 when it found errors; the report is on stdout either way.
        try {
          resolve(JSON.parse(stdout) as NuReport);
        } catch {
          reject(
            new Error(`The W3C Nu HTML Checker gave no report (${error?.message ?? "exit 0"}):\n${stderr}${stdout}`),
          );
        }
      },
    );
  });
}

/**
 * Checks every document in one run of the checker (Java starts once) and
 * returns its errors, in document order; warnings are left out.
 */
export async function nuHtmlErrors(documents: HtmlDocument[]): Promise<NuError[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wickshop-vnu-"));
  try {
    const files = documents.map((document, index) => {
      const file = path.join(dir, `${index}.html`);
      fs.writeFileSync(file, document.html);
      return file;
    });
    const report = await runChecker(files);
    return report.messages
      .filter((message) => message.type !== "info")
      .map((message) => {
        const index = message.url === undefined ? NaN : Number(path.basename(message.url, ".html"));
        return {
          document: documents[index]?.name ?? message.url ?? "(no document)",
          line: message.lastLine,
          column: message.firstColumn,
          message: message.message,
          extract: message.extract,
        };
      });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
