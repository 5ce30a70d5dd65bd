/**
 * Non-edible props (matches, wood, shells, resin), in the shared local
 * coordinates: resting on (0, 0), about 150 units wide, growing upwards.
 */
import { contactShadow, darken, lighten, type SvgDoc } from "./svg";

export function matchbox(svg: SvgDoc): string {
  const match = (x: number, y: number, angle: number, head: string) =>
    `<g transform="translate(${x} ${y}) rotate(${angle})"><line x1="0" y1="0" x2="62" y2="0" stroke="#ead7ad" stroke-width="4" stroke-linecap="round"/><ellipse cx="-2" cy="0" rx="6" ry="4.5" fill="${head}"/></g>`;
  return (
    contactShadow(svg, 0, -2, 82, 9) +
    `<polygon points="-55,-32 -40,-46 70,-46 55,-32" fill="#efe4cf"/>` +
    `<polygon points="55,-32 70,-46 70,-14 55,0" fill="#6e4a32"/>` +
    `<rect x="-55" y="-32" width="110" height="32" fill="#e3d3b5"/>` +
    `<rect x="-55" y="-24" width="110" height="14" fill="#2f4a5c"/>` +
    `<path d="M0 -43 C4 -40 5 -37 3 -34 C1 -35 -1 -35 -3 -34 C-5 -37 -3 -40 0 -43Z" fill="#e0822b"/>` +
    match(-84, -4, -4, "#9e2b25") +
    match(-76, -12, 6, "#2a2220")
  );
}

/** Three split logs stacked end-on, showing their rings. */
export function logStack(svg: SvgDoc): string {
  const bark = svg.linear([
    [0, "#7a5538"],
    [1, "#4a3222"],
  ]);
  const log = (x: number, y: number, r: number) =>
    `<path d="M${x} ${y - r} L${x - 34} ${y - r - 14} A${r} ${r} 0 0 0 ${x - 34} ${y + r - 14} L${x} ${y + r}Z" fill="${bark}"/>` +
    `<circle cx="${x}" cy="${y}" r="${r}" fill="#d9b07a" stroke="#6b4a2f" stroke-width="3"/>` +
    `<circle cx="${x}" cy="${y}" r="${r * 0.62}" fill="none" stroke="#b5834f" stroke-width="1.5"/>` +
    `<circle cx="${x}" cy="${y}" r="${r * 0.28}" fill="none" stroke="#b5834f" stroke-width="1.5"/>`;
  return contactShadow(svg, -10, -2, 74, 9) + log(-4, -52, 19) + log(-20, -19, 19) + log(22, -19, 19);
}

/** A scallop shell standing on its hinge. */
export function shell(svg: SvgDoc): string {
  const ribs = [-40, -28, -14, 0, 14, 28, 40]
    .map(
      (x) =>
        `<line x1="0" y1="-6" x2="${x}" y2="${-44 - (40 - Math.abs(x)) * 0.55}" stroke="#d2a98a" stroke-width="2"/>`,
    )
    .join("");
  return (
    contactShadow(svg, 0, -2, 44, 6) +
    `<path d="M-7 -4 L-48 -42 Q0 -104 48 -42 L7 -4Z" fill="${svg.radial(
      [
        [0, "#fbeee0"],
        [1, "#eccaa9"],
      ],
      [0.5, 0.3],
      0.7,
    )}" stroke="#cfa07e" stroke-width="2"/>` +
    ribs +
    `<rect x="-14" y="-9" width="28" height="9" rx="2" fill="#e8c8a6"/>`
  );
}

export function driftwood(svg: SvgDoc): string {
  const wood = "#a8977e";
  return (
    contactShadow(svg, 0, -2, 88, 7) +
    `<path d="M-84 -8 C-60 -24 -20 -18 10 -14 C40 -10 70 -24 88 -12 C82 -2 40 -2 10 -4 C-20 -6 -60 2 -84 -8Z" fill="${wood}"/>` +
    `<path d="M-70 -11 C-40 -16 0 -10 30 -9 M-40 -7 C0 -8 40 -6 70 -12" stroke="${darken(wood, 0.2)}" stroke-width="1.5" fill="none"/>` +
    `<path d="M20 -13 C30 -30 40 -34 52 -36" stroke="${wood}" stroke-width="6" fill="none" stroke-linecap="round"/>`
  );
}

/** Chunks of amber resin, translucent and glossy. */
export function amberStones(svg: SvgDoc): string {
  const stones = [
    [-40, -12, 16, 11, -10],
    [-12, -14, 20, 13, 15],
    [18, -11, 15, 10, -25],
    [42, -10, 12, 9, 30],
    [0, -32, 14, 10, 5],
  ] as const;
  const fill = svg.radial(
    [
      [0, "#f6c45c"],
      [0.7, "#d9862a"],
      [1, "#a45a16"],
    ],
    [0.4, 0.35],
    0.65,
  );
  return (
    contactShadow(svg, 0, -2, 62, 7) +
    stones
      .map(
        ([x, y, rx, ry, a]) =>
          `<g transform="translate(${x} ${y}) rotate(${a})"><ellipse rx="${rx}" ry="${ry}" fill="${fill}" opacity="0.95"/><ellipse cx="${-rx * 0.35}" cy="${-ry * 0.4}" rx="${rx * 0.35}" ry="${ry * 0.2}" fill="${lighten("#f6c45c", 0.6)}" opacity="0.7"/></g>`,
      )
      .join("")
  );
}
