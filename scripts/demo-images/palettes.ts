/**
 * Colours, vessels and props for every demo product, chosen from its scent and name.
 *
 * Over 300 lines on purpose: nearly all of it is one table (PALETTES, a
 * dozen lines per product of seed/catalog.json) and the category tiles that
 * pick from it. It is data, read top to bottom beside the catalog; split by
 * category it would only scatter the named swatches (KRAFT, AMBER, …) that
 * the entries share.
 */
import type { PropKind } from "./props";

export interface Backdrop {
  wall: string;
  surface: string;
}

/** Warm neutral studio backdrops. */
export const BACKDROPS = {
  cream: { wall: "#f3eadb", surface: "#dcc7a8" },
  sand: { wall: "#eadbc4", surface: "#cdb18b" },
  blush: { wall: "#f2dcd5", surface: "#d9b8ad" },
  sage: { wall: "#dfe4d4", surface: "#b9c1a6" },
  slate: { wall: "#9aa1a8", surface: "#6f757c" },
  mist: { wall: "#e1e7e8", surface: "#bcc8ca" },
  linen: { wall: "#efebe4", surface: "#d3cbbd" },
  clay: { wall: "#ecd2bd", surface: "#c99c7c" },
  frost: { wall: "#e9eef0", surface: "#c9d3d6" },
  smoke: { wall: "#7d756e", surface: "#544c45" },
} satisfies Record<string, Backdrop>;

export type BackdropName = keyof typeof BACKDROPS;

export type VesselKind = "jar" | "tin" | "pillar" | "tumbler" | "wide";
export type LidKind = "cork" | "oak" | "walnut" | "brass" | "tin";
export type InclusionKind = "shells" | "citrus" | "bubbles" | "mint" | "petals";

export interface LabelStyle {
  paper: string;
  ink: string;
}

const KRAFT: LabelStyle = { paper: "#d8b98a", ink: "#4a3422" };
const WHITE: LabelStyle = { paper: "#fbf8f2", ink: "#3b3531" };
const SAGE: LabelStyle = { paper: "#aebda8", ink: "#2f3b2e" };
const CREAM: LabelStyle = { paper: "#f1e6cf", ink: "#2e2a27" };
const POWDER_BLUE: LabelStyle = { paper: "#e4ecf2", ink: "#2c3e50" };

interface Glass {
  color: string;
  opacity: number;
}

const CLEAR: Glass = { color: "#e6eeee", opacity: 0.22 };
const AMBER: Glass = { color: "#9a4e16", opacity: 0.42 };
const FROSTED: Glass = { color: "#f6f6f3", opacity: 0.86 };
const RED: Glass = { color: "#b0182c", opacity: 0.72 };
const PINE_GREEN: Glass = { color: "#2e5e45", opacity: 0.5 };
const BLUE_TINT: Glass = { color: "#c9dcea", opacity: 0.4 };
const SMOKED: Glass = { color: "#3a2d28", opacity: 0.58 };
const MATTE_BLACK: Glass = { color: "#2c2b2a", opacity: 1 };

export interface Palette {
  vessel: VesselKind;
  backdrop: BackdropName;
  wax: string;
  /** Glass tint (or tin finish for tins); pillars have no vessel. */
  glass: Glass;
  label: LabelStyle;
  lid: LidKind | null;
  /** Things suspended in a gel candle. */
  inclusions?: InclusionKind;
  /** Props beside the lit hero shot (image 1). */
  heroProps: readonly PropKind[];
  /** Props with the unlit candle (image 2). */
  sideProps: readonly PropKind[];
  /** Image 3: a top-down close-up (default) or two candles together. */
  closeUp?: "topDown" | "pair";
}

export const PALETTES: Record<string, Palette> = {
  // Wax
  "lavender-fields": {
    vessel: "jar",
    backdrop: "sage",
    wax: "#b99de2",
    glass: AMBER,
    label: KRAFT,
    lid: "cork",
    heroProps: ["lavenderBunch"],
    sideProps: ["lavenderBunch", "matchbox"],
  },
  "vanilla-bean": {
    vessel: "jar",
    backdrop: "sand",
    wax: "#f4e2bb",
    glass: CLEAR,
    label: KRAFT,
    lid: "oak",
    heroProps: ["vanillaPods"],
    sideProps: ["vanillaPods", "matchbox"],
  },
  "sea-salt-and-sage": {
    vessel: "jar",
    backdrop: "mist",
    wax: "#e6ede6",
    glass: FROSTED,
    label: SAGE,
    lid: "oak",
    heroProps: ["shell"],
    sideProps: ["sageSprig", "driftwood"],
  },
  "honey-beeswax-pillar": {
    vessel: "pillar",
    backdrop: "cream",
    wax: "#e2a93b",
    glass: CLEAR,
    label: KRAFT,
    lid: null,
    heroProps: ["honeycomb"],
    sideProps: ["honeycomb", "matchbox"],
  },
  "cedar-and-smoke": {
    vessel: "tin",
    backdrop: "slate",
    wax: "#efe6d6",
    glass: MATTE_BLACK,
    label: KRAFT,
    lid: "tin",
    heroProps: ["logStack"],
    sideProps: ["matchbox", "logStack"],
  },
  "fresh-linen": {
    vessel: "jar",
    backdrop: "linen",
    wax: "#f8f8f5",
    glass: BLUE_TINT,
    label: POWDER_BLUE,
    lid: "walnut",
    heroProps: ["cottonStem"],
    sideProps: ["cottonStem", "matchbox"],
  },
  // Seasonal
  "pumpkin-spice": {
    vessel: "jar",
    backdrop: "clay",
    wax: "#e5893a",
    glass: CLEAR,
    label: KRAFT,
    lid: "walnut",
    heroProps: ["pumpkin", "cinnamonSticks"],
    sideProps: ["cinnamonSticks", "pumpkin"],
    closeUp: "pair",
  },
  "winter-pine": {
    vessel: "jar",
    backdrop: "frost",
    wax: "#cfe3cf",
    glass: PINE_GREEN,
    label: CREAM,
    lid: "oak",
    heroProps: ["pineSprig", "pineSprig"],
    sideProps: ["pineSprig", "matchbox"],
  },
  "cranberry-orange": {
    vessel: "jar",
    backdrop: "blush",
    wax: "#c2413a",
    glass: CLEAR,
    label: WHITE,
    lid: "cork",
    heroProps: ["orangeSlice", "cranberries"],
    sideProps: ["orangeSlice", "cinnamonSticks"],
  },
  "peppermint-cocoa": {
    vessel: "jar",
    backdrop: "cream",
    wax: "#f3e4da",
    glass: RED,
    label: WHITE,
    lid: "brass",
    heroProps: ["candyCanes", "candyCanes"],
    sideProps: ["candyCanes", "matchbox"],
  },
  "apple-orchard": {
    vessel: "jar",
    backdrop: "sand",
    wax: "#bcd68e",
    glass: CLEAR,
    label: KRAFT,
    lid: "oak",
    heroProps: ["greenApple", "cinnamonSticks"],
    sideProps: ["greenApple", "cinnamonSticks"],
    closeUp: "pair",
  },
  // Jelly
  "ocean-breeze": {
    vessel: "tumbler",
    backdrop: "mist",
    wax: "#3aa0c8",
    glass: CLEAR,
    label: WHITE,
    lid: "brass",
    inclusions: "shells",
    heroProps: ["shell"],
    sideProps: ["shell", "driftwood"],
  },
  "citrus-splash": {
    vessel: "tumbler",
    backdrop: "cream",
    wax: "#f5c83a",
    glass: CLEAR,
    label: WHITE,
    lid: "brass",
    inclusions: "citrus",
    heroProps: ["lemonSlice", "orangeSlice"],
    sideProps: ["lemonSlice", "matchbox"],
  },
  "berry-bubbles": {
    vessel: "tumbler",
    backdrop: "blush",
    wax: "#b3203f",
    glass: CLEAR,
    label: WHITE,
    lid: "brass",
    inclusions: "bubbles",
    heroProps: ["mixedBerries"],
    sideProps: ["mixedBerries", "matchbox"],
  },
  "lime-mojito": {
    vessel: "tumbler",
    backdrop: "sage",
    wax: "#7cc36a",
    glass: CLEAR,
    label: WHITE,
    lid: "brass",
    inclusions: "mint",
    heroProps: ["limeSlice", "mintSprig"],
    sideProps: ["mintSprig", "limeSlice"],
  },
  "rose-petal-gel": {
    vessel: "tumbler",
    backdrop: "linen",
    wax: "#f2a0b6",
    glass: CLEAR,
    label: WHITE,
    lid: "brass",
    inclusions: "petals",
    heroProps: ["rosePetals"],
    sideProps: ["rose", "rosePetals"],
  },
  // Woodwick
  "crackling-fireside": {
    vessel: "wide",
    backdrop: "clay",
    wax: "#c0643a",
    glass: CLEAR,
    label: KRAFT,
    lid: "oak",
    heroProps: ["logStack"],
    sideProps: ["logStack", "matchbox"],
  },
  "amber-and-oud": {
    vessel: "wide",
    backdrop: "slate",
    wax: "#d99a4a",
    glass: SMOKED,
    label: CREAM,
    lid: "oak",
    heroProps: ["amberStones"],
    sideProps: ["amberStones", "logStack"],
  },
  "coffee-house": {
    vessel: "wide",
    backdrop: "sand",
    wax: "#8a5a3c",
    glass: CLEAR,
    label: CREAM,
    lid: "oak",
    heroProps: ["coffeeBeans"],
    sideProps: ["coffeeBeans", "matchbox"],
  },
  "sandalwood-rose": {
    vessel: "wide",
    backdrop: "blush",
    wax: "#ebc7bb",
    glass: CLEAR,
    label: WHITE,
    lid: "oak",
    heroProps: ["rose"],
    sideProps: ["rosePetals", "matchbox"],
  },
  "tobacco-and-leather": {
    vessel: "wide",
    backdrop: "smoke",
    wax: "#a36f40",
    glass: AMBER,
    label: KRAFT,
    lid: "oak",
    heroProps: ["tobaccoLeaves"],
    sideProps: ["tobaccoLeaves", "matchbox"],
  },
  "eucalyptus-mint": {
    vessel: "wide",
    backdrop: "sage",
    wax: "#c3dccb",
    glass: CLEAR,
    label: WHITE,
    lid: "oak",
    heroProps: ["eucalyptus"],
    sideProps: ["eucalyptus", "mintSprig"],
  },
};

export interface CategoryTile {
  backdrop: BackdropName;
  /** Product keys: left candle, right candle, and an optional small one in front. */
  candles: readonly [string, string, string?];
  props: readonly PropKind[];
}

/** Category tiles, keyed by the slug in the category image URL. */
export const CATEGORY_TILES: Record<string, CategoryTile> = {
  wax: {
    backdrop: "cream",
    candles: ["lavender-fields", "honey-beeswax-pillar", "cedar-and-smoke"],
    props: ["lavenderBunch"],
  },
  seasonal: {
    backdrop: "clay",
    candles: ["pumpkin-spice", "winter-pine", "cranberry-orange"],
    props: ["pumpkin", "pineSprig"],
  },
  jelly: {
    backdrop: "mist",
    candles: ["ocean-breeze", "citrus-splash", "berry-bubbles"],
    props: ["shell", "lemonSlice"],
  },
  woodwick: {
    backdrop: "sand",
    candles: ["crackling-fireside", "coffee-house", "eucalyptus-mint"],
    props: ["logStack", "coffeeBeans"],
  },
};
