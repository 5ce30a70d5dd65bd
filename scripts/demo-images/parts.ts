/** Candle parts shared by every vessel: flame, glow, wick and wax surface (labels.ts and lids.ts draw the rest). */
import { darken, lighten, round, type SvgDoc } from "./svg";

export type WickKind = "cotton" | "wood";

export const WOOD = "#b98a56";

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
