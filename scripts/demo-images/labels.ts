/** The paper label on a candle: the brand, the product name and a "hand-poured" line. */
import type { LabelStyle } from "./palettes";
import { darken, escapeXml, round } from "./svg";

const SERIF = "Georgia, 'Liberation Serif', 'DejaVu Serif', serif";
const SANS = "Helvetica, Arial, 'Liberation Sans', sans-serif";

export interface LabelBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Splits a long product name over two lines at the space nearest its middle. */
function wrapName(name: string): string[] {
  if (name.length <= 12 || !name.includes(" ")) return [name];
  const middle = name.length / 2;
  let best = -1;
  for (let i = 0; i < name.length; i += 1) {
    if (name[i] === " " && (best < 0 || Math.abs(i - middle) < Math.abs(best - middle))) best = i;
  }
  return [name.slice(0, best), name.slice(best + 1)];
}

function text(x: number, y: number, size: number, content: string, style: string): string {
  return `<text x="${round(x)}" y="${round(y)}" font-size="${round(size)}" text-anchor="middle" ${style}>${escapeXml(content)}</text>`;
}

/**
 * A paper label centred on `box`: the brand, the product name and a small
 * "hand-poured" line. Without a name it is a blank label with a brand mark.
 * `paperShape` replaces the default rectangle (e.g. a band around a pillar).
 */
export function drawLabel(style: LabelStyle, box: LabelBox, name: string | null, paperShape?: string): string {
  const { x, w, h } = box;
  const top = box.y - h / 2;
  const paper =
    paperShape ??
    `<rect x="${round(x - w / 2)}" y="${round(top)}" width="${round(w)}" height="${round(h)}" rx="${round(h * 0.05)}"/>`;
  const border = paperShape
    ? ""
    : `<rect x="${round(x - w / 2 + h * 0.06)}" y="${round(top + h * 0.06)}" width="${round(w - h * 0.12)}" height="${round(h * 0.88)}" rx="${round(h * 0.03)}" fill="none" stroke="${style.ink}" stroke-opacity="0.35" stroke-width="${round(Math.max(1, h * 0.008), 2)}"/>`;
  const rule = (y: number, width: number) =>
    `<line x1="${round(x - width / 2)}" y1="${round(y)}" x2="${round(x + width / 2)}" y2="${round(y)}" stroke="${style.ink}" stroke-opacity="0.6" stroke-width="${round(Math.max(1, h * 0.01), 2)}"/>`;
  const ink = `fill="${style.ink}"`;
  const opened = `<g fill="${style.paper}" stroke="${darken(style.paper, 0.15)}" stroke-width="${round(Math.max(1, h * 0.01), 2)}">${paper}</g>${border}`;
  if (name === null) {
    return opened + rule(top + h * 0.42, w * 0.4) + rule(top + h * 0.58, w * 0.25);
  }
  const lines = wrapName(name);
  const longest = Math.max(...lines.map((l) => l.length));
  const size = Math.min(h * (lines.length === 1 ? 0.24 : 0.17), (w * 0.84) / (longest * 0.54));
  const lineHeight = size * 1.1;
  // The name block is centred a little below the middle, between brand and footer.
  const firstBaseline = top + h * 0.57 - (lines.length * lineHeight) / 2 + size * 0.8;
  const brandSize = h * 0.1;
  return (
    opened +
    text(
      x,
      top + h * 0.22,
      brandSize,
      "WICKSHOP",
      `${ink} font-family="${SANS}" font-weight="bold" letter-spacing="${round(brandSize * 0.32)}"`,
    ) +
    rule(top + h * 0.29, w * 0.18) +
    lines
      .map((line, i) => text(x, firstBaseline + i * lineHeight, size, line, `${ink} font-family="${SERIF}"`))
      .join("") +
    text(
      x,
      top + h * 0.88,
      h * 0.07,
      "HAND-POURED",
      `${ink} fill-opacity="0.75" font-family="${SANS}" letter-spacing="${round(h * 0.025)}"`,
    )
  );
}
