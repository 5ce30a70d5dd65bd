/** Candle parts shared by every vessel: flame, glow, wick, wax surface, label and lids. */
import type { LabelStyle, LidKind } from "./palettes";
import { cylinderStops, darken, escapeXml, lighten, round, type SvgDoc } from "./svg";

export type WickKind = "cotton" | "wood";

const SERIF = "Georgia, 'Liberation Serif', 'DejaVu Serif', serif";
const SANS = "Helvetica, Arial, 'Liberation Sans', sans-serif";
const WOOD = "#b98a56";

export const LID_COLORS: Record<Exclude<LidKind, "tin">, string> = {
  cork: "#c9a072",
  oak: WOOD,
  walnut: "#6e4b33",
  brass: "#c9a85a",
};

/** Path of a cylinder (or tapered tumbler) seen slightly from above, by the centres of its top and bottom ellipses. */
export function cylinderPath(
  x: number,
  topY: number,
  bottomY: number,
  rxTop: number,
  rxBottom: number,
  ry: number,
): string {
  const ryBottom = (ry * rxBottom) / rxTop;
  const n = (v: number) => round(v);
  return (
    `M${n(x - rxTop)} ${n(topY)} L${n(x - rxBottom)} ${n(bottomY)} ` +
    `A${n(rxBottom)} ${n(ryBottom)} 0 0 0 ${n(x + rxBottom)} ${n(bottomY)} ` +
    `L${n(x + rxTop)} ${n(topY)} A${n(rxTop)} ${n(ry)} 0 0 0 ${n(x - rxTop)} ${n(topY)}Z`
  );
}

/** Front arc of a horizontal ring around a cylinder at height y (used for rims, bands, grain). */
export function frontArc(x: number, y: number, rx: number, ry: number): string {
  return `M${round(x - rx)} ${round(y)} A${round(rx)} ${round(ry)} 0 0 0 ${round(x + rx)} ${round(y)}`;
}

function teardrop(x: number, bottom: number, halfWidth: number, height: number): string {
  const w = halfWidth;
  const h = height;
  const top = bottom - h;
  const p = (dx: number, y: number) => `${round(x + dx)} ${round(y)}`;
  return (
    `M${p(0, top)} C${p(0.2 * w, top + 0.35 * h)} ${p(w, top + 0.45 * h)} ${p(w, top + 0.72 * h)} ` +
    `C${p(w, bottom - 0.08 * h)} ${p(0.55 * w, bottom)} ${p(0, bottom)} ` +
    `C${p(-0.55 * w, bottom)} ${p(-w, bottom - 0.08 * h)} ${p(-w, top + 0.72 * h)} ` +
    `C${p(-w, top + 0.45 * h)} ${p(-0.2 * w, top + 0.35 * h)} ${p(0, top)}Z`
  );
}

/** Soft warm light around a flame. */
export function drawGlow(svg: SvgDoc, x: number, y: number, r: number, strength: number): string {
  const fill = svg.radial([
    [0, "#fff1c9", strength],
    [0.3, "#ffd58a", strength * 0.55],
    [1, "#ffb45a", 0],
  ]);
  return `<circle cx="${round(x)}" cy="${round(y)}" r="${round(r)}" fill="${fill}"/>`;
}

/** A gentle flame whose base sits at (x, y); wooden wicks burn wider and lower. */
export function drawFlame(svg: SvgDoc, x: number, y: number, size: number, wick: WickKind): string {
  const outer = svg.radial(
    [
      [0, "#fff8e0"],
      [0.35, "#ffd873"],
      [0.75, "#f7a436"],
      [1, "#e46d1f"],
    ],
    [0.5, 0.72],
    0.7,
  );
  const tongue = (dx: number, w: number, h: number) =>
    `<path d="${teardrop(x + dx, y, w, h)}" fill="${outer}"/>` +
    `<path d="${teardrop(x + dx, y - h * 0.06, w * 0.45, h * 0.5)}" fill="#fffbef" opacity="0.9"/>`;
  const glow = drawGlow(svg, x, y - size * 0.45, size * 2.2, 0.5);
  if (wick === "wood") {
    return glow + tongue(-size * 0.2, size * 0.26, size * 0.62) + tongue(size * 0.12, size * 0.32, size * 0.85);
  }
  const blueBase = `<ellipse cx="${round(x)}" cy="${round(y - size * 0.05)}" rx="${round(size * 0.08)}" ry="${round(size * 0.05)}" fill="#6aa4e8" opacity="0.5"/>`;
  return glow + tongue(0, size * 0.24, size) + blueBase;
}

/** Draws the wick standing in the wax at (x, y); returns the markup and where a flame would sit. */
export function drawWick(
  svg: SvgDoc,
  x: number,
  y: number,
  k: number,
  wick: WickKind,
  lit: boolean,
): { markup: string; flameY: number } {
  if (wick === "wood") {
    const w = 92 * k;
    const h = 20 * k;
    const grain = [0.35, 0.65]
      .map(
        (f) =>
          `<line x1="${round(x - w / 2 + 4 * k)}" y1="${round(y - h * f)}" x2="${round(x + w / 2 - 4 * k)}" y2="${round(y - h * f)}" stroke="${darken(WOOD, 0.25)}" stroke-width="${round(1.2 * k)}" opacity="0.7"/>`,
      )
      .join("");
    const char = lit
      ? ""
      : `<rect x="${round(x - w / 2)}" y="${round(y - h)}" width="${round(w)}" height="${round(3 * k)}" fill="#3a2a20"/>`;
    const markup = `<rect x="${round(x - w / 2)}" y="${round(y - h)}" width="${round(w)}" height="${round(h)}" rx="${round(2 * k)}" fill="${svg.linear(
      [
        [0, lighten(WOOD, 0.15)],
        [1, darken(WOOD, 0.15)],
      ],
    )}"/>${grain}${char}`;
    return { markup, flameY: y - h * 0.55 };
  }
  const len = 18 * k;
  const markup = `<path d="M${round(x)} ${round(y)} Q${round(x - 2 * k)} ${round(y - len * 0.6)} ${round(x + 3 * k)} ${round(y - len)}" stroke="#2a211c" stroke-width="${round(3.5 * k)}" fill="none" stroke-linecap="round"/>`;
  return { markup, flameY: y - len * 0.7 };
}

/** The visible wax surface inside a vessel; a lit candle shows a glossy melt pool. */
export function drawWaxTop(
  svg: SvgDoc,
  wax: string,
  x: number,
  y: number,
  rx: number,
  ry: number,
  lit: boolean,
  opacity = 1,
): string {
  const surface = svg.linear([
    [0, darken(wax, 0.06)],
    [1, lighten(wax, 0.22)],
  ]);
  const pool = lit
    ? `<ellipse cx="${round(x)}" cy="${round(y)}" rx="${round(rx * 0.62)}" ry="${round(ry * 0.62)}" fill="${lighten(wax, 0.35)}" opacity="0.55"/>`
    : "";
  return `<ellipse cx="${round(x)}" cy="${round(y)}" rx="${round(rx)}" ry="${round(ry)}" fill="${surface}" opacity="${opacity}" stroke="${darken(wax, 0.12)}" stroke-width="1.5"/>${pool}`;
}

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

/** Decoration on a lid's top face: wood grain rings, cork speckles or a pressed metal ring. */
function lidFaceDetail(kind: LidKind, color: string, x: number, y: number, rx: number, ry: number): string {
  const ellipse = (f: number, stroke: string, opacity: number) =>
    `<ellipse cx="${round(x)}" cy="${round(y)}" rx="${round(rx * f)}" ry="${round(ry * f)}" fill="none" stroke="${stroke}" stroke-opacity="${opacity}" stroke-width="1.5"/>`;
  switch (kind) {
    case "oak":
    case "walnut":
      return (
        ellipse(0.35, darken(color, 0.3), 0.35) +
        ellipse(0.62, darken(color, 0.3), 0.3) +
        ellipse(0.85, darken(color, 0.3), 0.25)
      );
    case "cork":
      return (
        [
          [-0.5, -0.2],
          [0.3, -0.4],
          [0.1, 0.3],
          [-0.2, 0.5],
          [0.6, 0.2],
          [-0.6, 0.3],
          [0.4, 0.6],
        ] as const
      )
        .map(
          ([dx, dy]) =>
            `<circle cx="${round(x + dx * rx)}" cy="${round(y + dy * ry)}" r="${round(rx * 0.025)}" fill="${darken(color, 0.35)}"/>`,
        )
        .join("");
    case "brass":
    case "tin":
      return ellipse(0.8, lighten(color, 0.5), 0.6);
  }
}

/** A lid sitting on a vessel whose rim ellipse is centred at (x, rimY). */
export function drawLidOn(
  svg: SvgDoc,
  kind: LidKind,
  color: string,
  x: number,
  rimY: number,
  rx: number,
  ry: number,
  height: number,
): string {
  const lidRx = rx * 1.03;
  const lidRy = ry * 1.03;
  const topY = rimY - height;
  return (
    `<path d="${cylinderPath(x, topY, rimY + ry * 0.15, lidRx, lidRx, lidRy)}" fill="${svg.horizontal(cylinderStops(color, 0.28))}"/>` +
    `<ellipse cx="${round(x)}" cy="${round(topY)}" rx="${round(lidRx)}" ry="${round(lidRy)}" fill="${svg.linear([
      [0, darken(color, 0.05)],
      [1, lighten(color, 0.2)],
    ])}"/>` +
    lidFaceDetail(kind, color, x, topY, lidRx, lidRy)
  );
}

/** A lid's top face as an ellipse centred at (x, y), e.g. a lid lying on the table seen from above. */
export function drawLidFace(
  svg: SvgDoc,
  kind: LidKind,
  color: string,
  x: number,
  y: number,
  rx: number,
  ry: number,
): string {
  const fill = svg.radial(
    [
      [0, lighten(color, 0.18)],
      [1, darken(color, 0.06)],
    ],
    [0.4, 0.35],
    0.7,
  );
  return (
    `<ellipse cx="${round(x)}" cy="${round(y)}" rx="${round(rx)}" ry="${round(ry)}" fill="${fill}"/>` +
    lidFaceDetail(kind, color, x, y, rx, ry)
  );
}

/** A lid standing on its edge, leaning back, with its face towards the camera; it rests on (x, base). */
export function drawLeaningLid(svg: SvgDoc, kind: LidKind, color: string, x: number, base: number, r: number): string {
  const cy = base - r;
  const thickness = r * 0.12;
  return (
    `<g transform="rotate(-7 ${round(x)} ${round(base)})">` +
    `<ellipse cx="${round(x + thickness)}" cy="${round(cy)}" rx="${round(r * 0.9)}" ry="${round(r)}" fill="${darken(color, 0.3)}"/>` +
    drawLidFace(svg, kind, color, x, cy, r * 0.9, r) +
    "</g>"
  );
}
