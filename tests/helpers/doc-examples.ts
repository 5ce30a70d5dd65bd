import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

/** A `curl` example of a guide: its shell text, the section it is in, and the answer written under it. */
export interface DocExample {
  section: string;
  script: string;
  status: number;
  /** The error code the written answer shows, if it shows one. */
  code?: string;
}

/**
 * The examples of a Markdown guide, in order: each ```sh block that runs
 * curl, and the ```http block that follows it, whose first line is the
 * status ("HTTP/1.1 201 Created"). A curl block without its answer is an
 * error, so an example cannot go unchecked.
 */
export function docExamples(markdown: string): DocExample[] {
  const blocks = [...markdown.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map((match) => ({
    language: match[1]!,
    text: match[2]!,
    section: [...markdown.slice(0, match.index).matchAll(/^## (.+)$/gm)].at(-1)?.[1] ?? "",
  }));
  return blocks.flatMap((block, index) => {
    if (block.language !== "sh" || !/\bcurl\b/.test(block.text)) return [];
    const answer = blocks[index + 1];
    const status = answer?.language === "http" ? /^HTTP\/1\.1 (\d{3}) /.exec(answer.text)?.[1] : undefined;
    if (!status) throw new Error(`This example has no \`\`\`http answer with its status under it:\n${block.text}`);
    const code = /"code": "([a-z_]+)"/.exec(answer!.text)?.[1];
    return [{ section: block.section, script: block.text, status: Number(status), ...(code && { code }) }];
  });
}

/** What an example printed: the status and JSON body of its last answer (`curl -si`). */
export interface ExampleAnswer {
  status: number;
  body: { error?: { code?: string }; order?: { number?: string; accessToken?: string } } | undefined;
  output: string;
}

const run = promisify(execFile);

/**
 * Runs an example's text with `sh`, as a reader pastes it, with `env` (SHOP and
 * the like), from loopback address 127.0.0.`shopper`: every example is a
 * shopper of its own to the shop's per-address limits, as its text says. curl
 * reads the address from the .curlrc in CURL_HOME.
 */
export async function runExample(example: DocExample, env: Record<string, string>, shopper: number) {
  const curlHome = fs.mkdtempSync(path.join(os.tmpdir(), "doc-example-"));
  try {
    fs.writeFileSync(path.join(curlHome, ".curlrc"), `interface = 127.0.0.${shopper}\n`);
    const { stdout } = await run("sh", ["-c", example.script], {
      env: { PATH: process.env.PATH, CURL_HOME: curlHome, ...env },
      timeout: 20_000,
    });
    return lastAnswer(stdout);
  } finally {
    fs.rmSync(curlHome, { recursive: true, force: true });
  }
}

function lastAnswer(output: string): ExampleAnswer {
  const start = output.lastIndexOf("HTTP/1.1 ");
  if (start === -1) throw new Error(`The example printed no answer:\n${output}`);
  const answer = output.slice(start);
  const bodyStart = answer.indexOf("\r\n\r\n");
  let body;
  try {
    body = bodyStart === -1 ? undefined : JSON.parse(answer.slice(bodyStart + 4));
  } catch {
    body = undefined;
  }
  return { status: Number(answer.slice(9, 12)), body, output };
}
