/**
 * Compositions: the three product shots (800×1000) and the category tiles
 * (800×600). Each returns a function rendering the SVG at a given pixel size.
 */
import { HERO_SIZE, drawCandle, lidColor, scaled, wickFor, type Placement } from "./candles";
import { drawInclusions } from "./inclusions";
import { BACKDROPS, PALETTES, type Backdrop, type CategoryTile, type Palette } from "./palettes";
import { drawLeaningLid, drawLidFace } from "./lids";
import { drawFlame, drawGlow, drawWick } from "./parts";
import { drawProp } from "./props";
import { SvgDoc, darken, lighten, mix, round, seededRandom } from "./svg";

export type Scene = (width: number, height: number) => string;

export interface ProductArt {
  key: string;
  name: string;
  /** Position within its category, used to vary compositions between neighbours. */
  index: number;
  palette: Palette;
}

const PRODUCT_VIEW = { width: 800, height: 1000, horizon: 690 };
const TILE_VIEW = { width: 800, height: 600, horizon: 390 };

function scene(svg: SvgDoc, parts: readonly string[]): Scene {
  const body = parts.join("\n");
  return (width, height) => svg.render(body, width, height);
}

/** Studio wall with a soft light, a table surface and the line where they meet. */
function drawBackdrop(svg: SvgDoc, b: Backdrop, horizon: number): string {
  const { viewWidth: w, viewHeight: h } = svg;
  return [
    `<rect width="${w}" height="${horizon}" fill="${svg.linear([
      [0, lighten(b.wall, 0.18)],
      [1, b.wall],
    ])}"/>`,
    `<ellipse cx="${w * 0.3}" cy="${horizon * 0.3}" rx="${w * 0.75}" ry="${horizon * 0.75}" fill="${svg.radial([
      [0, "#ffffff", 0.35],
      [1, "#ffffff", 0],
    ])}"/>`,
    `<rect y="${horizon}" width="${w}" height="${h - horizon}" fill="${svg.linear([
      [0, lighten(b.surface, 0.08)],
      [1, darken(b.surface, 0.06)],
    ])}"/>`,
    `<rect y="${horizon + 1}" width="${w}" height="40" fill="${svg.linear([
      [0, "#000000", 0.07],
      [1, "#000000", 0],
    ])}"/>`,
    `<rect y="${horizon - 1}" width="${w}" height="2" fill="${lighten(b.surface, 0.35)}" opacity="0.7"/>`,
  ].join("");
}

/** Image 1: the lit candle, front and centre, with its label and a prop or two. */
export function heroShot(product: ProductArt): Scene {
  const svg = new SvgDoc(PRODUCT_VIEW.width, PRODUCT_VIEW.height);
  const p = product.palette;
  const at: Placement = { x: 400, base: 840, ...HERO_SIZE[p.vessel] };
  const [main, extra] = p.heroProps;
  const mainOnLeft = product.index % 2 === 0;
  return scene(svg, [
    drawBackdrop(svg, BACKDROPS[p.backdrop], PRODUCT_VIEW.horizon),
    drawGlow(svg, at.x, at.base - at.h * 0.85, 420, 0.35),
    drawCandle(svg, p, at, { lit: true, label: product.name, lidOn: false, seed: product.key }),
    main ? drawProp(svg, main, mainOnLeft ? 130 : 670, 935, 1.5) : "",
    extra ? drawProp(svg, extra, mainOnLeft ? 685 : 115, 955, 1.15) : "",
  ]);
}

/** Image 2: the unlit candle on a slightly deeper backdrop, lid on or leaning beside it, with props. */
export function detailShot(product: ProductArt): Scene {
  const svg = new SvgDoc(PRODUCT_VIEW.width, PRODUCT_VIEW.height);
  const p = product.palette;
  const b = BACKDROPS[p.backdrop];
  const deeper: Backdrop = { wall: mix(b.wall, b.surface, 0.35), surface: darken(b.surface, 0.06) };
  const lid = p.lid;
  const leaning = lid !== null && p.vessel !== "wide" && product.index % 2 === 1;
  const at: Placement = { x: leaning ? 300 : 400, base: 840, ...HERO_SIZE[p.vessel] };
  const candle = scaled(at, leaning ? 0.8 : 0.88);
  const lidRadius = (candle.w / 2) * 1.03;
  const [first, second] = p.sideProps;
  return scene(svg, [
    drawBackdrop(svg, deeper, PRODUCT_VIEW.horizon),
    leaning
      ? drawLeaningLid(
          svg,
          lid,
          lidColor(p, lid),
          candle.x + candle.w / 2 + lidRadius * 0.75,
          candle.base + 6,
          lidRadius,
        )
      : "",
    drawCandle(svg, p, candle, { lit: false, label: product.name, lidOn: lid !== null && !leaning, seed: product.key }),
    first ? drawProp(svg, first, leaning ? 610 : 660, 945, 1.4) : "",
    second ? drawProp(svg, second, 120, 935, 1.15) : "",
  ]);
}

const TOP_DOWN_RADIUS = { jar: 250, tin: 260, pillar: 220, tumbler: 240, wide: 300 } as const;

/** Image 3 (default): looking down into the lit candle, on a cloth, with its lid and props around. */
export function topDownShot(product: ProductArt): Scene {
  const svg = new SvgDoc(PRODUCT_VIEW.width, PRODUCT_VIEW.height);
  const p = product.palette;
  const b = BACKDROPS[p.backdrop];
  const [cx, cy] = [400, 470];
  const r = TOP_DOWN_RADIUS[p.vessel];
  const waxR = r - (p.vessel === "pillar" ? 0 : 16);
  const gelOpacity = p.inclusions ? 0.7 : 1;
  const wick = wickFor(p.vessel);
  const { markup: wickMarkup } = drawWick(svg, cx, cy + 8, 1.2, wick, true);
  const circle = (radius: number, attrs: string) => `<circle cx="${cx}" cy="${cy}" r="${round(radius)}" ${attrs}/>`;
  const inclusions = p.inclusions
    ? `<g clip-path="${svg.clip(circle(waxR, ""))}">${drawInclusions(p.inclusions, { x: cx - waxR, y: cy - waxR, w: waxR * 2, h: waxR * 2 }, 1.3, seededRandom(`${product.key}-top`))}</g>`
    : "";
  const [corner] = p.sideProps;
  const [front] = p.heroProps;
  return scene(svg, [
    `<rect width="800" height="1000" fill="${svg.linear(
      [
        [0, lighten(b.surface, 0.14)],
        [1, b.surface],
      ],
      [0, 0],
      [1, 1],
    )}"/>`,
    `<g transform="rotate(-12 400 500)"><rect x="-60" y="560" width="760" height="620" fill="${lighten(b.wall, 0.25)}"/><rect x="-40" y="580" width="720" height="580" fill="none" stroke="${darken(b.wall, 0.15)}" stroke-width="2" stroke-dasharray="8 6"/></g>`,
    p.lid ? drawLidFace(svg, p.lid, lidColor(p, p.lid), 95, 905, 190, 190) : "",
    circle(r * 1.06, `fill="${svg.shadowFill()}" transform="translate(26 30)"`),
    p.vessel === "pillar"
      ? ""
      : circle(
          r,
          `fill="${p.glass.color}" fill-opacity="${Math.max(p.glass.opacity, 0.4)}" stroke="${lighten(p.glass.color, 0.5)}" stroke-width="4"`,
        ),
    circle(
      waxR,
      `fill="${svg.radial([
        [0, lighten(p.wax, 0.22)],
        [1, darken(p.wax, 0.08)],
      ])}" fill-opacity="${gelOpacity}"`,
    ),
    inclusions,
    circle(waxR * 0.55, `fill="${lighten(p.wax, 0.35)}" opacity="0.45"`),
    wickMarkup,
    drawGlow(svg, cx, cy, r * 1.25, 0.55),
    drawFlame(svg, cx, cy + 6, 85, wick),
    `<path d="M${cx - r * 0.92} ${cy - r * 0.3} A${r * 0.97} ${r * 0.97} 0 0 1 ${cx - r * 0.3} ${cy - r * 0.92}" stroke="#ffffff" stroke-opacity="0.6" stroke-width="5" fill="none" stroke-linecap="round"/>`,
    corner ? drawProp(svg, corner, 140, 185, 1.4) : "",
    front ? drawProp(svg, front, 650, 940, 1.5) : "",
  ]);
}

/** Image 3 (alternative): a large and a small candle of the same scent together. */
export function pairShot(product: ProductArt): Scene {
  const svg = new SvgDoc(PRODUCT_VIEW.width, PRODUCT_VIEW.height);
  const p = product.palette;
  const b = BACKDROPS[p.backdrop];
  const size = HERO_SIZE[p.vessel];
  const big = scaled({ x: 300, base: 820, ...size }, 0.85);
  const small = scaled({ x: 590, base: 880, ...size }, 0.55);
  const [first, second] = p.heroProps;
  const view = { lit: true, label: product.name, lidOn: false, seed: product.key };
  return scene(svg, [
    drawBackdrop(svg, { wall: mix(b.wall, "#ffffff", 0.25), surface: b.surface }, PRODUCT_VIEW.horizon),
    drawGlow(svg, 440, 420, 420, 0.35),
    drawCandle(svg, p, big, view),
    drawCandle(svg, p, small, view),
    first ? drawProp(svg, first, 110, 950, 1.2) : "",
    second ? drawProp(svg, second, 710, 960, 1.0) : "",
  ]);
}

function paletteFor(key: string): Palette {
  const palette = PALETTES[key];
  if (!palette) throw new Error(`No palette for "${key}" in scripts/demo-images/palettes.ts`);
  return palette;
}

/**
 * Category tile: candles towards the sides and bottom so the centre stays
 * calm for the title box the site lays over it.
 */
export function categoryTile(slug: string, tile: CategoryTile): Scene {
  const svg = new SvgDoc(TILE_VIEW.width, TILE_VIEW.height);
  const [leftKey, rightKey, frontKey] = tile.candles;
  /** A candle at most `maxH` tall and `maxW` wide, so wide vessels stay inside the tile. */
  const candle = (key: string, x: number, base: number, maxW: number, maxH: number, lit: boolean) => {
    const palette = paletteFor(key);
    const size = HERO_SIZE[palette.vessel];
    const at = scaled({ x, base, ...size }, Math.min(maxW / size.w, maxH / size.h));
    return drawCandle(svg, palette, at, { lit, label: null, lidOn: false, seed: `${slug}-${key}` });
  };
  const [first, second] = tile.props;
  return scene(svg, [
    drawBackdrop(svg, BACKDROPS[tile.backdrop], TILE_VIEW.horizon),
    drawGlow(svg, 150, 260, 260, 0.3),
    drawGlow(svg, 655, 270, 260, 0.3),
    candle(leftKey, 150, 550, 250, 336, true),
    candle(rightKey, 655, 555, 240, 318, true),
    frontKey ? candle(frontKey, 300, 585, 150, 192, false) : "",
    first ? drawProp(svg, first, 470, 588, 0.95) : "",
    second ? drawProp(svg, second, 80, 594, 0.75) : "",
  ]);
}
