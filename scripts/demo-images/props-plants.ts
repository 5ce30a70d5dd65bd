/**
 * Botanical props. Each function draws in local coordinates: the prop rests
 * on the surface at (0, 0), is roughly 150 units wide and grows upwards
 * (negative y). Callers position and scale it with `placed()`.
 */
import { contactShadow, darken, lighten, round, type Point, type SvgDoc } from "./svg";

const STEM = "#6f7a52";
const TWINE = "#d6c29a";

function quadPoint(p0: Point, p1: Point, p2: Point, t: number): Point {
  const u = 1 - t;
  return [u * u * p0[0] + 2 * u * t * p1[0] + t * t * p2[0], u * u * p0[1] + 2 * u * t * p1[1] + t * t * p2[1]];
}

function leaf(cx: number, cy: number, rx: number, ry: number, angle: number, color: string): string {
  const rot = `rotate(${round(angle)} ${round(cx)} ${round(cy)})`;
  return (
    `<ellipse cx="${round(cx)}" cy="${round(cy)}" rx="${rx}" ry="${ry}" fill="${color}" transform="${rot}"/>` +
    `<line x1="${round(cx - rx * 0.8)}" y1="${round(cy)}" x2="${round(cx + rx * 0.8)}" y2="${round(cy)}" stroke="${lighten(color, 0.25)}" stroke-width="1.2" transform="${rot}"/>`
  );
}

/** A stem lying on the table with leaves alternating along it (sage, eucalyptus, mint). */
export function leafySprig(leafColor: string, rx: number, ry: number, count: number) {
  return (svg: SvgDoc): string => {
    const p0: Point = [-70, -6];
    const p1: Point = [0, -22];
    const p2: Point = [72, -44];
    const leaves: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const t = 0.12 + (0.88 * i) / (count - 1);
      const [x, y] = quadPoint(p0, p1, p2, t);
      const side = i % 2 === 0 ? -1 : 1;
      const angle = -20 + side * 55;
      const rad = (angle * Math.PI) / 180;
      const shade = i % 3 === 0 ? darken(leafColor, 0.12) : leafColor;
      leaves.push(leaf(x + Math.cos(rad) * rx, y + Math.sin(rad) * rx, rx, ry, angle, shade));
    }
    return (
      contactShadow(svg, 0, -2, 80, 8) +
      `<path d="M${p0.join(" ")} Q${p1.join(" ")} ${p2.join(" ")}" stroke="${STEM}" stroke-width="3" fill="none" stroke-linecap="round"/>` +
      leaves.join("")
    );
  };
}

export function lavenderBunch(svg: SvgDoc): string {
  const tie: Point = [-48, -8];
  const tips: Point[] = [
    [74, -6],
    [78, -22],
    [70, -38],
    [58, -52],
    [40, -62],
  ];
  const stems = tips.map(([tx, ty]) => {
    const buds: string[] = [];
    for (let i = 0; i < 9; i += 1) {
      const t = 0.52 + i * 0.058;
      const x = tie[0] + (tx - tie[0]) * t;
      const y = tie[1] + (ty - tie[1]) * t + (i % 2 === 0 ? -3 : 3);
      const angle = (Math.atan2(ty - tie[1], tx - tie[0]) * 180) / Math.PI;
      buds.push(
        `<ellipse cx="${round(x)}" cy="${round(y)}" rx="6" ry="4" fill="${i % 2 === 0 ? "#8466b8" : "#a68bd6"}" transform="rotate(${round(angle)} ${round(x)} ${round(y)})"/>`,
      );
    }
    return `<line x1="${tie[0] - 26}" y1="${tie[1] + 2}" x2="${tx}" y2="${ty}" stroke="${STEM}" stroke-width="2.5" stroke-linecap="round"/>${buds.join("")}`;
  });
  return (
    contactShadow(svg, 0, -2, 84, 8) +
    stems.join("") +
    `<rect x="${tie[0] - 4}" y="${tie[1] - 14}" width="8" height="20" rx="3" fill="${TWINE}"/>`
  );
}

export function pineSprig(svg: SvgDoc): string {
  const p0: Point = [-78, -8];
  const p1: Point = [0, -30];
  const p2: Point = [78, -18];
  const needles: string[] = [];
  const steps = 20;
  for (let i = 1; i <= steps; i += 1) {
    const t = i / (steps + 1);
    const [x, y] = quadPoint(p0, p1, p2, t);
    const len = 24 - t * 8;
    for (const [dx, dy, color] of [
      [0.45, -0.9, "#2f5d3a"],
      [0.5, 0.75, "#3f7a4a"],
    ] as const) {
      needles.push(
        `<line x1="${round(x)}" y1="${round(y)}" x2="${round(x + dx * len)}" y2="${round(y + dy * len)}" stroke="${color}" stroke-width="3" stroke-linecap="round"/>`,
      );
    }
  }
  const berries = (
    [
      [-58, -26],
      [-48, -32],
      [-50, -20],
    ] as const
  )
    .map(
      ([x, y]) =>
        `<circle cx="${x}" cy="${y}" r="6" fill="#b3242f"/><circle cx="${x - 2}" cy="${y - 2}" r="1.8" fill="#ffffff" opacity="0.6"/>`,
    )
    .join("");
  return (
    contactShadow(svg, 0, -2, 84, 8) +
    `<path d="M${p0.join(" ")} Q${p1.join(" ")} ${p2.join(" ")}" stroke="#6b4a2f" stroke-width="4" fill="none" stroke-linecap="round"/>` +
    needles.join("") +
    berries
  );
}

export function cottonStem(svg: SvgDoc): string {
  const bolls: Point[] = [
    [48, -74],
    [2, -50],
    [-40, -28],
  ];
  const boll = ([x, y]: Point) => {
    const puffs = (
      [
        [-9, -4],
        [9, -4],
        [0, -14],
        [0, 5],
      ] as const
    )
      .map(
        ([dx, dy]) => `<circle cx="${x + dx}" cy="${y + dy}" r="12" fill="#fbfaf6" stroke="#e4ded2" stroke-width="1"/>`,
      )
      .join("");
    const bracts = `<path d="M${x - 12} ${y + 10} L${x} ${y + 20} L${x + 12} ${y + 10} L${x} ${y + 13}Z" fill="#6e4b32"/>`;
    return bracts + puffs;
  };
  return (
    contactShadow(svg, 0, -2, 78, 8) +
    `<path d="M-74 -4 Q-10 -20 48 -60" stroke="#6b4a2f" stroke-width="3.5" fill="none" stroke-linecap="round"/>` +
    bolls.map(boll).join("")
  );
}

export function vanillaPods(svg: SvgDoc): string {
  const pods = ["M-72 -6 C-20 -16 20 -2 70 -12", "M-70 -14 C-24 -26 24 -12 72 -24", "M-66 -2 C-10 -6 30 4 74 -2"];
  const flowerAt: Point = [52, -46];
  const petals = [0, 72, 144, 216, 288]
    .map(
      (a) =>
        `<ellipse cx="${flowerAt[0]}" cy="${flowerAt[1] - 13}" rx="8" ry="15" fill="#f4ebcc" stroke="#e2d3a4" transform="rotate(${a} ${flowerAt[0]} ${flowerAt[1]})"/>`,
    )
    .join("");
  return (
    contactShadow(svg, 0, -2, 82, 8) +
    pods
      .map(
        (d) =>
          `<path d="${d}" stroke="#3b2416" stroke-width="7" fill="none" stroke-linecap="round"/><path d="${d}" stroke="#5c3b25" stroke-width="2" fill="none" transform="translate(0 -2)"/>`,
      )
      .join("") +
    petals +
    `<circle cx="${flowerAt[0]}" cy="${flowerAt[1]}" r="6" fill="#d8c05a"/>`
  );
}

/** One petal pointing up from its base at (0, 0). */
export function petal(color: string): string {
  return (
    `<path d="M0 0 C-15 -8 -15 -30 0 -36 C15 -30 15 -8 0 0Z" fill="${color}"/>` +
    `<path d="M0 -4 C-5 -12 -5 -24 0 -30" stroke="${lighten(color, 0.3)}" stroke-width="2" fill="none"/>`
  );
}

export function scatteredPetals(color: string) {
  const spots = [
    [-60, -6, -70],
    [-30, -14, 20],
    [0, -4, 100],
    [28, -16, -30],
    [58, -6, 60],
    [12, -26, 160],
  ] as const;
  return (svg: SvgDoc): string =>
    contactShadow(svg, 0, -2, 80, 6) +
    spots
      .map(
        ([x, y, a], i) =>
          `<g transform="translate(${x} ${y}) rotate(${a}) scale(1 0.6)">${petal(i % 2 === 0 ? color : darken(color, 0.12))}</g>`,
      )
      .join("");
}

export function rose(svg: SvgDoc): string {
  const head = "#c65a72";
  const fill = svg.radial(
    [
      [0, lighten(head, 0.2)],
      [1, darken(head, 0.2)],
    ],
    [0.4, 0.35],
    0.7,
  );
  const swirl = [16, 11, 6]
    .map(
      (r) =>
        `<path d="M${-r} -44 A${r} ${r * 0.85} 0 1 1 ${r * 0.6} ${-44 + r * 0.6}" stroke="${darken(head, 0.35)}" stroke-width="2.5" fill="none"/>`,
    )
    .join("");
  return (
    contactShadow(svg, 0, -2, 70, 8) +
    `<line x1="-78" y1="-6" x2="-10" y2="-24" stroke="#4f6b3a" stroke-width="4" stroke-linecap="round"/>` +
    leaf(-48, -26, 18, 9, -40, "#5d7d45") +
    leaf(-30, -8, 16, 8, 15, "#4f6b3a") +
    `<circle cx="0" cy="-42" r="32" fill="${fill}"/>` +
    swirl
  );
}

export function tobaccoLeaves(svg: SvgDoc): string {
  const leafShape = (color: string, transform: string) => {
    const veins = [-50, -25, 0, 25, 50]
      .map(
        (x) =>
          `<path d="M${x} ${-14 - x * 0.08} l12 -16 M${x} ${-14 - x * 0.08} l12 12" stroke="${lighten(color, 0.2)}" stroke-width="1.5" fill="none"/>`,
      )
      .join("");
    return (
      `<g transform="${transform}">` +
      `<path d="M-82 -8 C-40 -52 40 -56 86 -20 C40 8 -40 10 -82 -8Z" fill="${color}"/>` +
      `<path d="M-82 -8 C-20 -20 40 -26 86 -20" stroke="${lighten(color, 0.3)}" stroke-width="2.5" fill="none"/>` +
      veins +
      "</g>"
    );
  };
  return (
    contactShadow(svg, 0, -2, 88, 9) + leafShape("#7a4c24", "translate(6 -10) rotate(-8)") + leafShape("#9a6632", "")
  );
}
