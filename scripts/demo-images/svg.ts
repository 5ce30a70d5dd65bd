/** Small SVG building helpers shared by the demo-image drawing modules. */

export type Stop = readonly [offset: number, color: string, opacity?: number];
export type Point = readonly [x: number, y: number];

/**
 * Collects <defs> (gradients, clip paths) with ids that are unique inside
 * one document, and wraps the drawn body into a complete <svg>.
 */
export class SvgDoc {
  private readonly defs: string[] = [];
  private nextId = 0;
  private shadow: string | undefined;

  constructor(
    readonly viewWidth: number,
    readonly viewHeight: number,
  ) {}

  /** Linear gradient in object-bounding-box units; vertical by default. */
  linear(stops: readonly Stop[], from: Point = [0, 0], to: Point = [0, 1]): string {
    const id = this.id("lg");
    this.defs.push(
      `<linearGradient id="${id}" x1="${from[0]}" y1="${from[1]}" x2="${to[0]}" y2="${to[1]}">${stopsXml(stops)}</linearGradient>`,
    );
    return `url(#${id})`;
  }

  /** Left-to-right gradient: the usual shading of a cylinder lit from the left. */
  horizontal(stops: readonly Stop[]): string {
    return this.linear(stops, [0, 0], [1, 0]);
  }

  radial(stops: readonly Stop[], centre: Point = [0.5, 0.5], radius = 0.5): string {
    const id = this.id("rg");
    this.defs.push(
      `<radialGradient id="${id}" cx="${centre[0]}" cy="${centre[1]}" r="${radius}">${stopsXml(stops)}</radialGradient>`,
    );
    return `url(#${id})`;
  }

  /** Soft contact-shadow fill, shared by everything in the document. */
  shadowFill(): string {
    this.shadow ??= this.radial([
      [0, "#000000", 0.3],
      [0.55, "#000000", 0.13],
      [1, "#000000", 0],
    ]);
    return this.shadow;
  }

  /** Registers a clip path made of the given shape markup; returns `url(#…)`. */
  clip(shape: string): string {
    const id = this.id("cp");
    this.defs.push(`<clipPath id="${id}">${shape}</clipPath>`);
    return `url(#${id})`;
  }

  /** Complete document rendered at `width`×`height` px from the fixed view box. */
  render(body: string, width: number, height: number): string {
    return [
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${this.viewWidth} ${this.viewHeight}">`,
      `<defs>${this.defs.join("")}</defs>`,
      body,
      "</svg>",
    ].join("\n");
  }

  private id(prefix: string): string {
    this.nextId += 1;
    return `${prefix}${this.nextId}`;
  }
}

function stopsXml(stops: readonly Stop[]): string {
  return stops
    .map(([offset, color, opacity = 1]) => `<stop offset="${offset}" stop-color="${color}" stop-opacity="${opacity}"/>`)
    .join("");
}

/** Places markup drawn around a local origin at (x, y), scaled by s and optionally rotated. */
export function placed(x: number, y: number, s: number, inner: string, rotate = 0): string {
  const rotation = rotate === 0 ? "" : ` rotate(${rotate})`;
  return `<g transform="translate(${round(x)} ${round(y)}) scale(${round(s, 3)})${rotation}">${inner}</g>`;
}

/** Soft elliptical shadow where something touches the surface. */
export function contactShadow(svg: SvgDoc, cx: number, cy: number, rx: number, ry: number): string {
  return `<ellipse cx="${round(cx)}" cy="${round(cy)}" rx="${round(rx)}" ry="${round(ry)}" fill="${svg.shadowFill()}"/>`;
}

export function round(n: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/* ---------- colour ---------- */

function parseHex(hex: string): [number, number, number] {
  const m = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!m?.[1]) throw new Error(`Expected a #rrggbb colour, got "${hex}"`);
  const n = parseInt(m[1], 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Linear mix of two #rrggbb colours; t = 0 gives `a`, t = 1 gives `b`. */
export function mix(a: string, b: string, t: number): string {
  const ca = parseHex(a);
  const cb = parseHex(b);
  const channel = (i: 0 | 1 | 2) => Math.round(ca[i] + (cb[i] - ca[i]) * t);
  return `#${[channel(0), channel(1), channel(2)].map((c) => c.toString(16).padStart(2, "0")).join("")}`;
}

export const lighten = (color: string, t: number): string => mix(color, "#ffffff", t);
export const darken = (color: string, t: number): string => mix(color, "#000000", t);

/** Cylinder shading (lit from the left) for a base colour. */
export function cylinderStops(color: string, depth = 0.25): Stop[] {
  return [
    [0, darken(color, depth * 0.8)],
    [0.22, lighten(color, depth * 0.6)],
    [0.5, color],
    [1, darken(color, depth)],
  ];
}

/* ---------- deterministic randomness ---------- */

/** Seeded PRNG (mulberry32 over an FNV-1a hash) so every run draws the same picture. */
export function seededRandom(key: string): () => number {
  let hash = 2166136261;
  for (const ch of key) {
    hash ^= ch.charCodeAt(0);
    hash = Math.imul(hash, 16777619);
  }
  let state = hash >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
