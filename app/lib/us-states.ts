export interface UsState {
  code: string;
  name: string;
}

/** The 50 states and DC by name, then the territories by name: the order of every State select and checkbox list. */
export const US_STATES: readonly UsState[] = [
  { code: "AL", name: "Alabama" },
  { code: "AK", name: "Alaska" },
  { code: "AZ", name: "Arizona" },
  { code: "AR", name: "Arkansas" },
  { code: "CA", name: "California" },
  { code: "CO", name: "Colorado" },
  { code: "CT", name: "Connecticut" },
  { code: "DE", name: "Delaware" },
  { code: "DC", name: "District of Columbia" },
  { code: "FL", name: "Florida" },
  { code: "GA", name: "Georgia" },
  { code: "HI", name: "Hawaii" },
  { code: "ID", name: "Idaho" },
  { code: "IL", name: "Illinois" },
  { code: "IN", name: "Indiana" },
  { code: "IA", name: "Iowa" },
  { code: "KS", name: "Kansas" },
  { code: "KY", name: "Kentucky" },
  { code: "LA", name: "Louisiana" },
  { code: "ME", name: "Maine" },
  { code: "MD", name: "Maryland" },
  { code: "MA", name: "Massachusetts" },
  { code: "MI", name: "Michigan" },
  { code: "MN", name: "Minnesota" },
  { code: "MS", name: "Mississippi" },
  { code: "MO", name: "Missouri" },
  { code: "MT", name: "Montana" },
  { code: "NE", name: "Nebraska" },
  { code: "NV", name: "Nevada" },
  { code: "NH", name: "New Hampshire" },
  { code: "NJ", name: "New Jersey" },
  { code: "NM", name: "New Mexico" },
  { code: "NY", name: "New York" },
  { code: "NC", name: "North Carolina" },
  { code: "ND", name: "North Dakota" },
  { code: "OH", name: "Ohio" },
  { code: "OK", name: "Oklahoma" },
  { code: "OR", name: "Oregon" },
  { code: "PA", name: "Pennsylvania" },
  { code: "RI", name: "Rhode Island" },
  { code: "SC", name: "South Carolina" },
  { code: "SD", name: "South Dakota" },
  { code: "TN", name: "Tennessee" },
  { code: "TX", name: "Texas" },
  { code: "UT", name: "Utah" },
  { code: "VT", name: "Vermont" },
  { code: "VA", name: "Virginia" },
  { code: "WA", name: "Washington" },
  { code: "WV", name: "West Virginia" },
  { code: "WI", name: "Wisconsin" },
  { code: "WY", name: "Wyoming" },
  /*
   * The five inhabited territories with their own ZIP codes and domestic USPS
   * mail. Left out: the freely associated states (FM, MH, PW), which are not
   * US territory; the military codes (AA, AE, AP), which are not places a
   * maker picks for a zone; and the Minor Outlying Islands (UM), where no one
   * receives parcels.
   */
  { code: "AS", name: "American Samoa" },
  { code: "GU", name: "Guam" },
  { code: "MP", name: "Northern Mariana Islands" },
  { code: "PR", name: "Puerto Rico" },
  { code: "VI", name: "U.S. Virgin Islands" },
];

const territoryCodes = ["AS", "GU", "MP", "PR", "VI"];

const byCode = new Map(US_STATES.map((state) => [state.code, state]));
const byName = new Map(US_STATES.map((state) => [state.name.toLowerCase(), state]));

/** The state with this two-letter code, in either case ("or", "OR"). */
export const usStateByCode = (code: string): UsState | undefined => byCode.get(code.trim().toUpperCase());

/** The state with this name, in any case ("oregon"). */
export const usStateByName = (name: string): UsState | undefined => byName.get(name.trim().toLowerCase());

/** The state a shopper typed, by its code or its name, in any case ("Tx", "texas", " TX "). */
export const usStateOf = (typed: string): UsState | undefined => usStateByCode(typed) ?? usStateByName(typed);

/** The zones the back office adds in one tap (issue #31), named as its buttons say. */
export const ZONE_PRESETS: readonly { name: string; codes: readonly string[] }[] = [
  {
    name: "Contiguous US",
    codes: US_STATES.map((state) => state.code).filter((code) => !["AK", "HI", ...territoryCodes].includes(code)),
  },
  { name: "Alaska and Hawaii", codes: ["AK", "HI"] },
  { name: "US territories", codes: territoryCodes },
];

const zipText = /^(\d{5})(?:-\d{4})?$/;

/** The five-digit ZIP code of "97201" or of a ZIP+4 ("97201-1234"); undefined for anything else. */
export function normalizeZip(text: string): string | undefined {
  return zipText.exec(text.trim())?.[1];
}
