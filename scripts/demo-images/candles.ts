/** Front views of the candle vessels: glass jars/tumblers/wide vessels, tins and pillars. */
import { drawInclusions, drawSandLayer } from "./inclusions";
import type { LidKind, Palette, VesselKind } from "./palettes";
import { drawLabel, type LabelBox } from "./labels";
import { LID_COLORS, drawLidOn } from "./lids";
import { cylinderPath, drawFlame, drawWaxTop, drawWick, frontArc, type WickKind } from "./parts";
import { contactShadow, cylinderStops, darken, lighten, round, seededRandom, type SvgDoc } from "./svg";

/** Where a candle stands: centre x, the y where it touches the surface, and its size. */
export interface Placement {
  x: number;
  base: number;
  w: number;
  h: number;
}

export interface CandleView {
  lit: boolean;
  /** Product name printed on the label; null draws a blank label. */
  label: string | null;
  lidOn: boolean;
  /** Seed for anything scattered (gel inclusions), so pictures are reproducible. */
  seed: string;
}

interface VesselShape {
  /** Distance from rim down to the wax, as a fraction of the height. */
  headroom: number;
  /** Bottom radius relative to the rim radius. */
  taper: number;
  /** Label size and vertical centre, as fractions of the vessel size. */
  label: { w: number; h: number; cy: number };
}

const SHAPES: Record<VesselKind, VesselShape> = {
  jar: { headroom: 0.2, taper: 1, label: { w: 0.62, h: 0.3, cy: 0.6 } },
  tin: { headroom: 0.05, taper: 1, label: { w: 0.64, h: 0.36, cy: 0.56 } },
  pillar: { headroom: 0, taper: 1, label: { w: 0.86, h: 0.26, cy: 0.62 } },
  tumbler: { headroom: 0.18, taper: 0.86, label: { w: 0.56, h: 0.25, cy: 0.79 } },
  wide: { headroom: 0.24, taper: 1, label: { w: 0.5, h: 0.32, cy: 0.62 } },
};

/** Ellipse height/width ratio: how far above the candle the camera is. */
const PERSPECTIVE = 0.16;

/** Default sizes for a large, centred candle in an 800×1000 frame. */
export const HERO_SIZE: Record<VesselKind, { w: number; h: number }> = {
  jar: { w: 400, h: 600 },
  tin: { w: 430, h: 500 },
  pillar: { w: 290, h: 560 },
  tumbler: { w: 400, h: 580 },
  wide: { w: 560, h: 540 },
};

export function wickFor(vessel: VesselKind): WickKind {
  return vessel === "wide" ? "wood" : "cotton";
}

export function scaled(at: Placement, f: number): Placement {
  return { ...at, w: at.w * f, h: at.h * f };
}

/** Common geometry: rim and floor ellipse centres, radii and a detail scale `k`. */
function geometry(at: Placement) {
  const rx = at.w / 2;
  const ry = rx * PERSPECTIVE;
  return { rx, ry, rimY: at.base - at.h + ry, floorY: at.base - ry, k: at.w / 420 };
}

function labelBox(vessel: VesselKind, at: Placement): LabelBox {
  const { label } = SHAPES[vessel];
  return { x: at.x, y: at.base - at.h + at.h * label.cy, w: at.w * label.w, h: at.h * label.h };
}

function flameOn(svg: SvgDoc, p: Palette, x: number, waxY: number, k: number, lit: boolean): string {
  const wick = wickFor(p.vessel);
  const { markup, flameY } = drawWick(svg, x, waxY, k, wick, lit);
  return markup + (lit ? drawFlame(svg, x, flameY, (wick === "wood" ? 115 : 120) * k, wick) : "");
}

/** Colour of a lid; tin lids match their tin. */
export function lidColor(p: Palette, lid: LidKind): string {
  return lid === "tin" ? p.glass.color : LID_COLORS[lid];
}

function lidOn(svg: SvgDoc, p: Palette, at: Placement): string {
  if (p.lid === null) return "";
  const { rx, ry, rimY } = geometry(at);
  return drawLidOn(svg, p.lid, lidColor(p, p.lid), at.x, rimY, rx, ry, at.h * 0.09);
}

/** Glass vessels: a jar, a tapered gel tumbler, or a wide woodwick vessel. */
function drawJar(svg: SvgDoc, p: Palette, at: Placement, view: CandleView): string {
  const shape = SHAPES[p.vessel];
  const { rx, ry, rimY, floorY, k } = geometry(at);
  const rxBottom = rx * shape.taper;
  const radiusAt = (y: number) => rx + ((rxBottom - rx) * (y - rimY)) / (floorY - rimY);
  const wall = 7 * k;
  const waxY = rimY + at.h * shape.headroom;
  const waxFloorY = floorY - at.h * 0.05;
  const waxRx = radiusAt(waxY) - wall;
  const waxRy = (ry * waxRx) / rx;
  const waxBody = cylinderPath(at.x, waxY, waxFloorY, waxRx, radiusAt(waxFloorY) - wall, waxRy);
  const outline = cylinderPath(at.x, rimY, floorY, rx, rxBottom, ry);
  const gel = p.inclusions;
  const waxOpacity = gel ? 0.62 : 1;
  const glass = p.glass;

  const gelRegion = { x: at.x - waxRx, y: waxY + waxRy, w: waxRx * 2, h: waxFloorY - waxY - waxRy };
  const inclusions = gel
    ? `<g clip-path="${svg.clip(`<path d="${waxBody}"/>`)}">` +
      (gel === "shells" ? drawSandLayer(gelRegion) : "") +
      drawInclusions(gel, gelRegion, k * 1.5, seededRandom(view.seed)) +
      "</g>"
    : "";
  const highlights =
    `<rect x="${round(at.x - rx * 0.76)}" y="${round(rimY + ry * 1.6)}" width="${round(rx * 0.1)}" height="${round(floorY - rimY - ry * 2.6)}" rx="${round(rx * 0.05)}" fill="#ffffff" opacity="0.35"/>` +
    `<rect x="${round(at.x + rx * 0.62)}" y="${round(rimY + ry * 2)}" width="${round(rx * 0.04)}" height="${round(floorY - rimY - ry * 3.5)}" rx="${round(rx * 0.02)}" fill="#ffffff" opacity="0.22"/>`;

  return [
    `<path d="${outline}" fill="${glass.color}" opacity="${round(glass.opacity * 0.5, 2)}"/>`,
    `<path d="${waxBody}" fill="${svg.horizontal(cylinderStops(p.wax, gel ? 0.15 : 0.2))}" opacity="${waxOpacity}"/>`,
    inclusions,
    drawWaxTop(svg, p.wax, at.x, waxY, waxRx, waxRy, view.lit, waxOpacity),
    `<path d="${outline}" fill="${glass.color}" opacity="${glass.opacity}"/>`,
    highlights,
    `<path d="${frontArc(at.x, waxFloorY, radiusAt(waxFloorY), (ry * radiusAt(waxFloorY)) / rx)}" stroke="#ffffff" stroke-opacity="0.4" stroke-width="${round(2 * k)}" fill="none"/>`,
    `<path d="${outline}" fill="none" stroke="${darken(glass.color, 0.35)}" stroke-opacity="0.3" stroke-width="${round(2 * k)}"/>`,
    `<ellipse cx="${round(at.x)}" cy="${round(rimY)}" rx="${round(rx)}" ry="${round(ry)}" fill="none" stroke="${lighten(glass.color, 0.6)}" stroke-width="${round(3 * k)}" opacity="0.9"/>`,
    drawLabel(p.label, labelBox(p.vessel, at), view.label),
    view.lidOn ? lidOn(svg, p, at) : flameOn(svg, p, at.x, waxY, k, view.lit),
  ].join("");
}

/** An opaque metal tin; only the wax surface inside the rim is visible. */
function drawTin(svg: SvgDoc, p: Palette, at: Placement, view: CandleView): string {
  const { rx, ry, rimY, floorY, k } = geometry(at);
  const metal = p.glass.color;
  const innerRx = rx - 5 * k;
  const innerRy = (ry * innerRx) / rx;
  const waxY = rimY + at.h * SHAPES.tin.headroom;
  const opening = svg.clip(
    `<ellipse cx="${round(at.x)}" cy="${round(rimY)}" rx="${round(innerRx)}" ry="${round(innerRy)}"/>`,
  );
  return [
    `<path d="${cylinderPath(at.x, rimY, floorY, rx, rx, ry)}" fill="${svg.horizontal(cylinderStops(metal, 0.3))}"/>`,
    `<ellipse cx="${round(at.x)}" cy="${round(rimY)}" rx="${round(innerRx)}" ry="${round(innerRy)}" fill="${darken(metal, 0.3)}"/>`,
    `<g clip-path="${opening}">${drawWaxTop(svg, p.wax, at.x, waxY, innerRx, innerRy, view.lit)}</g>`,
    `<ellipse cx="${round(at.x)}" cy="${round(rimY)}" rx="${round(rx - 2 * k)}" ry="${round(ry - 2 * k)}" fill="none" stroke="${lighten(metal, 0.35)}" stroke-width="${round(4 * k)}"/>`,
    `<path d="${frontArc(at.x, floorY - at.h * 0.04, rx, ry)}" stroke="${lighten(metal, 0.2)}" stroke-width="${round(2 * k)}" fill="none"/>`,
    drawLabel(p.label, labelBox("tin", at), view.label),
    view.lidOn ? lidOn(svg, p, at) : flameOn(svg, p, at.x, waxY, k, view.lit),
  ].join("");
}

/** A free-standing pillar on a small ceramic plate, with a paper band as its label. */
function drawPillar(svg: SvgDoc, p: Palette, at: Placement, view: CandleView): string {
  const { k } = geometry(at);
  const plate = { rx: at.w * 0.72, h: 16 * k };
  const plateRy = plate.rx * PERSPECTIVE;
  const pillar: Placement = { ...at, base: at.base - plate.h - plateRy * 0.4, h: at.h - plate.h };
  const { rx, ry, rimY, floorY } = geometry(pillar);
  const box = labelBox("pillar", pillar);
  const bandTop = box.y - box.h / 2;
  const bandBottom = box.y + box.h / 2;
  const band =
    `<path d="${frontArc(at.x, bandTop, rx, ry)} L${round(at.x + rx)} ${round(bandBottom)} ` +
    `A${round(rx)} ${round(ry)} 0 0 1 ${round(at.x - rx)} ${round(bandBottom)}Z"/>`;
  return [
    `<path d="${cylinderPath(at.x, at.base - plate.h - plateRy, at.base - plateRy, plate.rx, plate.rx, plateRy)}" fill="${darken("#efe8dc", 0.12)}"/>`,
    `<ellipse cx="${round(at.x)}" cy="${round(at.base - plate.h - plateRy)}" rx="${round(plate.rx)}" ry="${round(plateRy)}" fill="${svg.linear(
      [
        [0, "#e2d9ca"],
        [1, "#f7f2ea"],
      ],
    )}"/>`,
    `<path d="${cylinderPath(at.x, rimY, floorY, rx, rx, ry)}" fill="${svg.horizontal(cylinderStops(p.wax, 0.28))}"/>`,
    drawWaxTop(svg, p.wax, at.x, rimY, rx, ry, view.lit),
    drawLabel(p.label, { ...box, y: box.y + ry * 0.8 }, view.label, band),
    flameOn(svg, p, at.x, rimY, k, view.lit),
  ].join("");
}

/** Draws one candle (with its contact shadow) standing at `at`. */
export function drawCandle(svg: SvgDoc, p: Palette, at: Placement, view: CandleView): string {
  const shadow = contactShadow(svg, at.x + at.w * 0.08, at.base - 2, at.w * 0.72, at.w * 0.13);
  switch (p.vessel) {
    case "tin":
      return shadow + drawTin(svg, p, at, view);
    case "pillar":
      return shadow + drawPillar(svg, p, at, view);
    default:
      return shadow + drawJar(svg, p, at, view);
  }
}
