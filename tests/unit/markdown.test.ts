import { describe, expect, it } from "vitest";
import { renderMarkdown } from "~/.server/settings/markdown";

describe("renderMarkdown: the owner's pages as HTML", () => {
  it("renders paragraphs, headings below the page's h1, lists, emphasis and links", () => {
    expect(renderMarkdown("# Returns\n\nWithin **30 days**, *unused*:\n\n- a candle\n- its lid")).toBe(
      "<h2>Returns</h2>\n<p>Within <strong>30 days</strong>, <em>unused</em>:</p>\n<ul>\n<li>a candle</li>\n<li>its lid</li>\n</ul>\n",
    );
    expect(renderMarkdown("## Care\n\n### Wick")).toBe("<h2>Care</h2>\n<h3>Wick</h3>\n");
    expect(renderMarkdown("[Our Etsy](https://www.etsy.com/shop/x) or [write](mailto:hi@example.com)")).toBe(
      '<p><a href="https://www.etsy.com/shop/x" rel="noopener noreferrer">Our Etsy</a> or <a href="mailto:hi@example.com">write</a></p>\n',
    );
  });

  it("loads no image: a photo's Markdown is a link to it", () => {
    expect(renderMarkdown("![x](https://evil.example/x.png)")).toBe(
      '<p>!<a href="https://evil.example/x.png" rel="noopener noreferrer">x</a></p>\n',
    );
  });

  it.each([
    ["a script", "<script>alert(1)</script>", "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>\n"],
    [
      "an onerror attribute",
      '<img src="x" onerror="alert(1)">',
      "<p>&lt;img src=&quot;x&quot; onerror=&quot;alert(1)&quot;&gt;</p>\n",
    ],
    ["a javascript: link", "[win](javascript:alert(1))", "<p>[win](javascript:alert(1))</p>\n"],
    ["a javascript: link in other letters", "[win](JaVaScRiPt:alert(1))", "<p>[win](JaVaScRiPt:alert(1))</p>\n"],
    ["a data: link", "[win](data:text/html,<b>x</b>)", "<p>[win](data:text/html,&lt;b&gt;x&lt;/b&gt;)</p>\n"],
    ["a vbscript: autolink", "<vbscript:msgbox(1)>", "<p>&lt;vbscript:msgbox(1)&gt;</p>\n"],
    ["a relative link", "[admin](/admin)", "<p>[admin](/admin)</p>\n"],
    [
      "an attribute smuggled in a link's title",
      '[a](https://a.example "x\\" onclick=\\"y")',
      '<p><a href="https://a.example" title="x&quot; onclick=&quot;y" rel="noopener noreferrer">a</a></p>\n',
    ],
  ])("shows %s as text, never as markup that runs", (_, text, html) => {
    expect(renderMarkdown(text)).toBe(html);
  });
});
