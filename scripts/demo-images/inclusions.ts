/** Things suspended in gel candles: shells, fruit slices, bubbles, mint, rose petals. */
import type { InclusionKind } from "./palettes";
import { petal } from "./props-plants";
import { darken, round } from "./svg";

export interface Region {
  x: number;
  y: number;
  w: number;
  h: number;
}

function tinyShell(): string {
  return (
    `<path d="M-4 -2 L-26 -22 Q0 -56 26 -22 L4 -2Z" fill="#f6e2cd" stroke="#d2a98a" stroke-width="1.5"/>` +
    [-18, -8, 0, 8, 18]
      .map(
        (x) =>
          `<line x1="0" y1="-3" x2="${x}" y2="${-30 - (18 - Math.abs(x)) * 0.6}" stroke="#d8b293" stroke-width="1.3"/>`,
      )
      .join("")
  );
}

function starfish(): string {
  const arms = Array.from({ length: 5 }, (_, i) => {
    const a = ((i * 72 - 90) * Math.PI) / 180;
    return `${round(Math.cos(a) * 24)},${round(Math.sin(a) * 24)} ${round(Math.cos(a + 0.63) * 9)},${round(Math.sin(a + 0.63) * 9)}`;
  }).join(" ");
  return `<polygon points="${arms}" fill="#e9965a" stroke="#c8713b" stroke-width="1.5" stroke-linejoin="round"/>`;
}

function slice(flesh: string, rind: string): string {
  const spokes = [0, 60, 120]
    .map((a) => `<line x1="-20" y1="0" x2="20" y2="0" stroke="#fff6dc" stroke-width="1.6" transform="rotate(${a})"/>`)
    .join("");
  return `<circle r="24" fill="${rind}"/><circle r="20" fill="#fff6dc"/><circle r="18" fill="${flesh}"/>${spokes}`;
}

function bubble(r: number): string {
  return `<circle r="${r}" fill="#ffffff" fill-opacity="0.14" stroke="#ffffff" stroke-opacity="0.75" stroke-width="1.4"/><circle cx="${round(-r * 0.35)}" cy="${round(-r * 0.35)}" r="${round(r * 0.25)}" fill="#ffffff" opacity="0.8"/>`;
}

function mintLeaf(): string {
  return `<ellipse rx="22" ry="11" fill="#3f8f46"/><line x1="-18" y1="0" x2="18" y2="0" stroke="#7cc47c" stroke-width="1.5"/>`;
}

const SHAPES: Record<InclusionKind, readonly (() => string)[]> = {
  shells: [tinyShell, starfish, tinyShell],
  citrus: [() => slice("#f4d03f", "#e8b820"), () => slice("#f39a2e", "#e2761a"), () => slice("#f08a7a", "#e06a4a")],
  bubbles: [() => bubble(9), () => bubble(5), () => bubble(13), () => bubble(4)],
  mint: [() => slice("#9ccc4a", "#4f8a2a"), mintLeaf, mintLeaf],
  petals: [() => petal("#d94d6e"), () => petal("#e77b96"), () => petal("#c43b5c")],
};

const COUNTS: Record<InclusionKind, number> = { shells: 4, citrus: 5, bubbles: 34, mint: 6, petals: 10 };

/** Scatters inclusions through the gel region (spread evenly from top to bottom); `k` scales them. */
export function drawInclusions(kind: InclusionKind, region: Region, k: number, random: () => number): string {
  const shapes = SHAPES[kind];
  const count = COUNTS[kind];
  const items: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const shape = shapes[i % shapes.length];
    if (!shape) continue;
    const x = region.x + region.w * (0.15 + 0.7 * random());
    const y = region.y + region.h * ((i + 0.5 + (random() - 0.5) * 0.8) / count);
    const angle = Math.round(random() * 360);
    const squash = kind === "bubbles" ? 1 : 0.75;
    items.push(
      `<g transform="translate(${round(x)} ${round(y)}) scale(${round(k, 3)} ${round(k * squash, 3)}) rotate(${angle})">${shape()}</g>`,
    );
  }
  return items.join("");
}

/** A wavy layer of sand at the bottom of a gel candle, seen from the front. */
export function drawSandLayer(region: Region): string {
  const sand = "#e8d6ab";
  const at = (fx: number, fy: number) => `${round(region.x + region.w * fx)} ${round(region.y + region.h * fy)}`;
  const dune = `M${at(0, 0.88)} Q${at(0.3, 0.82)} ${at(0.55, 0.87)} T${at(1, 0.85)}`;
  return (
    `<path d="${dune} L${at(1, 1.1)} L${at(0, 1.1)}Z" fill="${sand}"/>` +
    `<path d="${dune}" stroke="${darken(sand, 0.12)}" stroke-width="2" fill="none"/>`
  );
}
