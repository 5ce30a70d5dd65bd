/**
 * Food and spice props, drawn in the same local coordinates as the plant
 * props: resting on (0, 0), about 150 units wide, growing upwards.
 */
import { contactShadow, darken, lighten, type SvgDoc } from "./svg";

export function pumpkin(svg: SvgDoc): string {
  const base = "#e07b2a";
  const fill = svg.radial(
    [
      [0, lighten(base, 0.25)],
      [1, darken(base, 0.12)],
    ],
    [0.4, 0.35],
    0.7,
  );
  const ribs = [
    [-34, 28],
    [34, 28],
    [-16, 32],
    [16, 32],
    [0, 30],
  ] as const;
  return (
    contactShadow(svg, 0, -2, 66, 9) +
    ribs
      .map(
        ([x, rx]) =>
          `<ellipse cx="${x}" cy="-42" rx="${rx}" ry="42" fill="${fill}" stroke="${darken(base, 0.2)}" stroke-width="2"/>`,
      )
      .join("") +
    `<path d="M-5 -80 C-6 -95 2 -104 13 -108 L16 -101 C8 -97 6 -90 6 -80Z" fill="#6b5a2e"/>`
  );
}

/** A fruit slice standing on its edge, seen face-on. */
export function citrusSlice(flesh: string, rind: string) {
  return (svg: SvgDoc): string => {
    const segments = Array.from({ length: 10 }, (_, i) => {
      const a = (i * Math.PI) / 5;
      return `<line x1="0" y1="-38" x2="${(Math.cos(a) * 29).toFixed(1)}" y2="${(-38 + Math.sin(a) * 29).toFixed(1)}" stroke="#fbf3dc" stroke-width="2.2"/>`;
    }).join("");
    return (
      contactShadow(svg, 0, -2, 46, 6) +
      `<circle cx="0" cy="-38" r="38" fill="${rind}"/>` +
      `<circle cx="0" cy="-38" r="34" fill="#fbf3dc"/>` +
      `<circle cx="0" cy="-38" r="31" fill="${svg.radial([
        [0, lighten(flesh, 0.3)],
        [1, flesh],
      ])}"/>` +
      segments +
      `<circle cx="0" cy="-38" r="3.5" fill="#fbf3dc"/>`
    );
  };
}

function shinyBall(x: number, y: number, r: number, fill: string): string {
  return `<circle cx="${x}" cy="${y}" r="${r}" fill="${fill}"/><circle cx="${x - r * 0.35}" cy="${y - r * 0.35}" r="${r * 0.22}" fill="#ffffff" opacity="0.55"/>`;
}

export function cranberries(svg: SvgDoc): string {
  const fill = svg.radial(
    [
      [0, "#d8414f"],
      [1, "#8e1426"],
    ],
    [0.4, 0.35],
    0.6,
  );
  const spots = [
    [-30, -10],
    [-10, -10],
    [10, -10],
    [30, -10],
    [-20, -27],
    [0, -27],
    [20, -26],
    [-8, -43],
  ] as const;
  return contactShadow(svg, 0, -2, 50, 6) + spots.map(([x, y]) => shinyBall(x, y, 11, fill)).join("");
}

/** Raspberries and a blackberry: each berry is a cluster of small drupelets. */
export function mixedBerries(svg: SvgDoc): string {
  const berry = (cx: number, cy: number, color: string) => {
    const drupes = [
      [0, 0],
      [-7, -5],
      [7, -5],
      [-7, 5],
      [7, 5],
      [0, -10],
      [0, 10],
      [-12, 0],
      [12, 0],
    ] as const;
    return drupes.map(([dx, dy]) => shinyBall(cx + dx, cy + dy, 6, color)).join("");
  };
  return (
    contactShadow(svg, 0, -2, 58, 7) + berry(-28, -16, "#c2324a") + berry(26, -16, "#2c1a33") + berry(0, -36, "#d2405a")
  );
}

export function greenApple(svg: SvgDoc): string {
  const fill = svg.radial(
    [
      [0, "#c2dc7a"],
      [1, "#6f9a34"],
    ],
    [0.38, 0.35],
    0.7,
  );
  return (
    contactShadow(svg, 0, -2, 56, 8) +
    `<path d="M0 -70 C-20 -84 -58 -76 -58 -40 C-58 -10 -30 2 -14 -2 C-6 0 6 0 14 -2 C30 2 58 -10 58 -40 C58 -76 20 -84 0 -70Z" fill="${fill}"/>` +
    `<ellipse cx="28" cy="-36" rx="16" ry="22" fill="#c9473a" opacity="0.22"/>` +
    `<path d="M0 -70 C0 -80 2 -88 6 -94" stroke="#5a3d22" stroke-width="4" fill="none" stroke-linecap="round"/>` +
    `<ellipse cx="20" cy="-90" rx="14" ry="6" fill="#5f8d3a" transform="rotate(-25 20 -90)"/>`
  );
}

export function candyCanes(svg: SvgDoc): string {
  const cane = (transform: string) => {
    const d = "M-62 -10 L38 -10 A18 18 0 0 0 38 -46 L30 -46";
    return (
      `<g transform="${transform}">` +
      `<path d="${d}" stroke="#fbf7f2" stroke-width="12" fill="none" stroke-linecap="round"/>` +
      `<path d="${d}" stroke="#c8202f" stroke-width="12" fill="none" stroke-dasharray="7 9"/>` +
      `<path d="${d}" stroke="#ffffff" stroke-width="2" fill="none" opacity="0.6" transform="translate(0 -3)"/>` +
      "</g>"
    );
  };
  return (
    contactShadow(svg, 0, -2, 76, 7) + cane("translate(-6 -14) rotate(-10)") + cane("scale(-1 1) translate(-10 0)")
  );
}

export function coffeeBeans(svg: SvgDoc): string {
  const beans = [
    [-44, -10, 20],
    [-22, -12, -30],
    [0, -10, 60],
    [22, -12, -10],
    [44, -10, 35],
    [-32, -30, 80],
    [-10, -32, 10],
    [12, -30, -50],
    [32, -28, 20],
    [-18, -50, -20],
    [6, -50, 40],
  ] as const;
  return (
    contactShadow(svg, 0, -2, 62, 7) +
    beans
      .map(
        ([x, y, a]) =>
          `<g transform="translate(${x} ${y}) rotate(${a})"><ellipse rx="10" ry="13" fill="#5b3620"/><ellipse cx="-3" cy="-4" rx="3" ry="5" fill="#7a4c2e"/><path d="M0 -11 C-5 -3 5 3 0 11" stroke="#2b180c" stroke-width="2" fill="none"/></g>`,
      )
      .join("")
  );
}

export function cinnamonSticks(svg: SvgDoc): string {
  const bark = svg.linear([
    [0, "#b06a40"],
    [0.5, "#8a4a28"],
    [1, "#5e2f17"],
  ]);
  const stick = (x: number, y: number, length: number, angle: number) =>
    `<g transform="translate(${x} ${y}) rotate(${angle})">` +
    `<rect x="${-length / 2}" y="-9" width="${length}" height="18" rx="4" fill="${bark}"/>` +
    `<line x1="${-length / 2 + 8}" y1="-2" x2="${length / 2 - 12}" y2="-2" stroke="#6e3a1f" stroke-width="1.5" opacity="0.6"/>` +
    `<ellipse cx="${length / 2}" cy="0" rx="5" ry="9" fill="#c58a5c"/>` +
    `<path d="M${length / 2 - 1} -4 a4 4 0 1 1 1 7" stroke="#6e3a1f" stroke-width="1.5" fill="none"/>` +
    "</g>";
  return (
    contactShadow(svg, 0, -2, 76, 8) +
    stick(-4, -9, 132, 0) +
    stick(6, -26, 126, -2) +
    stick(0, -42, 128, 2) +
    `<rect x="-20" y="-54" width="9" height="56" rx="3" fill="#d6c29a"/>`
  );
}

export function honeycomb(svg: SvgDoc): string {
  const cell = (cx: number, cy: number, capped: boolean) => {
    const r = 14;
    const points = Array.from({ length: 6 }, (_, i) => {
      const a = (Math.PI / 3) * i + Math.PI / 6;
      return `${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`;
    }).join(" ");
    return `<polygon points="${points}" fill="${capped ? "#f3c96a" : "#e39a28"}" stroke="#b87514" stroke-width="3"/>`;
  };
  const w = 14 * Math.sqrt(3);
  const cells = [
    [-1.5, 0],
    [-0.5, 0],
    [0.5, 0],
    [1.5, 0],
    [-1, -1],
    [0, -1],
    [1, -1],
    [-0.5, -2],
    [0.5, -2],
  ] as const;
  const comb = cells.map(([col, row], i) => cell(col * w, -40 + row * 21, i % 3 === 1)).join("");
  return (
    contactShadow(svg, 0, -2, 64, 8) +
    `<path d="M-62 -16 L62 -16 L58 0 L-58 0Z" fill="#c27d1c"/>` +
    `<g transform="translate(0 14) scale(1 0.75)">${comb}</g>`
  );
}
