export type Encoding = "br" | "gzip" | "identity";

/**
 * The encoding to answer with: brotli or gzip when the client accepts it
 * (the higher q wins, brotli on a tie), the page as it is otherwise.
 */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return "identity";
  let best: Encoding = "identity";
  let bestQ = 0;
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...params] = part.split(";");
    const coding = name.trim().toLowerCase();
    if (coding !== "br" && coding !== "gzip" && coding !== "*") continue;
    const qParam = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!(q > 0)) continue;
    const encoding = coding === "*" ? "br" : coding;
    if (q > bestQ || (q === bestQ && encoding === "br")) {
      best = encoding;
      bestQ = q;
    }
  }
  return best;
}
