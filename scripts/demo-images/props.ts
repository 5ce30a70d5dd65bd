/** Registry of props by name, so palettes can refer to them as plain strings. */
import { amberStones, driftwood, logStack, matchbox, shell } from "./props-objects";
import {
  candyCanes,
  cinnamonSticks,
  citrusSlice,
  coffeeBeans,
  cranberries,
  greenApple,
  honeycomb,
  mixedBerries,
  pumpkin,
} from "./props-pantry";
import {
  cottonStem,
  lavenderBunch,
  leafySprig,
  pineSprig,
  rose,
  scatteredPetals,
  tobaccoLeaves,
  vanillaPods,
} from "./props-plants";
import { placed, type SvgDoc } from "./svg";

const PROPS = {
  amberStones,
  candyCanes,
  cinnamonSticks,
  coffeeBeans,
  cottonStem,
  cranberries,
  driftwood,
  eucalyptus: leafySprig("#93b2a6", 13, 12, 9),
  greenApple,
  honeycomb,
  lavenderBunch,
  lemonSlice: citrusSlice("#f4d03f", "#e8b820"),
  limeSlice: citrusSlice("#9ccc4a", "#4f8a2a"),
  logStack,
  matchbox,
  mintSprig: leafySprig("#4f9a4f", 16, 10, 8),
  mixedBerries,
  orangeSlice: citrusSlice("#f39a2e", "#e2761a"),
  pineSprig,
  pumpkin,
  rose,
  rosePetals: scatteredPetals("#e58aa2"),
  sageSprig: leafySprig("#98ab94", 20, 8, 10),
  shell,
  tobaccoLeaves,
  vanillaPods,
} satisfies Record<string, (svg: SvgDoc) => string>;

export type PropKind = keyof typeof PROPS;

/** Draws a prop resting on the surface at (x, y), scaled by s (1 ≈ 150 px wide). */
export function drawProp(svg: SvgDoc, kind: PropKind, x: number, y: number, s: number): string {
  return placed(x, y, s, PROPS[kind](svg));
}
