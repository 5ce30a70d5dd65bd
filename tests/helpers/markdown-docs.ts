import MarkdownIt, { type Token } from "markdown-it";

/** The project's documents read as a Markdown renderer reads them: a `#` in a code block is no heading, a link in one no link. */
const markdown = new MarkdownIt({ html: true });

const tokensOf = (text: string) => markdown.parse(text, {});

export interface Heading {
  level: number;
  text: string;
}

export interface Link {
  href: string;
  text: string;
  image: boolean;
}

const plainText = (inline: Token | undefined) =>
  (inline?.children ?? [])
    .filter((child) => child.type === "text" || child.type === "code_inline")
    .map((child) => child.content)
    .join("");

export function headingsOf(text: string): Heading[] {
  const tokens = tokensOf(text);
  return tokens.flatMap((token, index) =>
    token.type === "heading_open" ? [{ level: Number(token.tag.slice(1)), text: plainText(tokens[index + 1]) }] : [],
  );
}

/** Every link and image, in order: their targets as written, and the link's text. */
function linksIn(tokens: Token[]): Link[] {
  const links: Link[] = [];
  let open: Link | undefined;
  for (const token of tokens.flatMap((block) => block.children ?? [])) {
    if (token.type === "image") links.push({ href: String(token.attrGet("src")), text: token.content, image: true });
    if (token.type === "link_open") {
      const link = { href: String(token.attrGet("href")), text: "", image: false };
      links.push(link);
      open = link;
    }
    if (open && (token.type === "text" || token.type === "code_inline")) open.text += token.content;
    if (token.type === "link_close") open = undefined;
  }
  return links;
}

export const linksOf = (text: string) => linksIn(tokensOf(text));

/** The anchor a heading gets on GitHub: lower case, punctuation dropped, spaces as hyphens. */
export const slugOf = (heading: string) =>
  heading
    .toLowerCase()
    .replaceAll(/[^\p{Letter}\p{Number}\s_-]/gu, "")
    .replaceAll(/\s/g, "-");

/** The document's table of contents: its first list of links to its own headings, one link an item. */
export function tableOfContents(text: string): { text: string; href: string }[] {
  const tokens = tokensOf(text);
  for (const [start, token] of tokens.entries()) {
    if (token.type !== "bullet_list_open" || token.level !== 0) continue;
    const end = tokens.findIndex(
      (close, index) => index > start && close.type === "bullet_list_close" && close.level === 0,
    );
    const list = tokens.slice(start, end);
    const entries = linksIn(list).map(({ text: title, href }) => ({ text: title, href }));
    const items = list.filter((item) => item.type === "inline").length;
    if (entries.length === items && entries.every((entry) => entry.href.startsWith("#"))) return entries;
  }
  return [];
}

/**
 * The table between `<!-- NAME:start -->` and `<!-- NAME:end -->`, as one record
 * per row keyed by the header's cells: figures a test reads from a document.
 */
export function markedTable(text: string, name: string): Record<string, string>[] {
  const block = new RegExp(`<!-- ${name}:start -->\\n([\\s\\S]*?)\\n<!-- ${name}:end -->`).exec(text)?.[1];
  if (!block) throw new Error(`no table marked ${name}`);
  const [header, , ...rows] = block.split("\n").map((line) =>
    line
      .replace(/^\|/, "")
      .replace(/\|$/, "")
      .split("|")
      .map((cell) => cell.trim()),
  );
  return rows.map((cells) => Object.fromEntries(header!.map((column, index) => [column, cells[index] ?? ""])));
}
