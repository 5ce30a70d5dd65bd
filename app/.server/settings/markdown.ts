import MarkdownIt from "markdown-it";

/**
 * The owner's Markdown as HTML (DESIGN.md: paragraphs, headings, lists,
 * emphasis, links). Raw HTML is off, so `<script>` or an `onerror=` shows as
 * the text it is; a link goes only to http, https or mailto, and leaves the
 * shop with `rel="noopener noreferrer"`. A "#" heading is an h2, as "##" is:
 * the page's h1 is its title. No images: a photo belongs in the catalog.
 */
const markdown = new MarkdownIt({ html: false, linkify: true }).disable(["image", "table"]);

const LINKABLE = /^(https?:|mailto:)/i;
markdown.validateLink = (url) => LINKABLE.test(url.trim());

markdown.core.ruler.push("headings_below_the_title", (state) => {
  for (const token of state.tokens)
    if (token.type === "heading_open" || token.type === "heading_close")
      token.tag = `h${Math.max(Number(token.tag.slice(1)), 2)}`;
});

const renderLink =
  markdown.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
markdown.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const link = tokens[idx]!;
  if (/^https?:/i.test(String(link.attrGet("href") ?? ""))) link.attrSet("rel", "noopener noreferrer");
  return renderLink(tokens, idx, options, env, self);
};

export const renderMarkdown = (text: string) => markdown.render(text);
