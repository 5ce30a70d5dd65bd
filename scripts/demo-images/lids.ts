/** Lids: on a vessel, lying on the table, or leaning against it. */
import type { LidKind } from "./palettes";
import { WOOD, cylinderPath } from "./parts";
import { cylinderStops, darken, lighten, round, type SvgDoc } from "./svg";

export const LID_COLORS: Record<Exclude<LidKind, "tin">, string> = {
  cork: "#c9a072",
  oak: WOOD,
  walnut: "#6e4b33",
  brass: "#c9a85a",
};

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
