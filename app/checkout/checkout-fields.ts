import { US_STATES } from "~/lib/us-states";

/** The checkout panel's inputs: DESIGN's labels for the shipping form and the test gateway's card. */

export const shippingFields = [
  // `required` tells a screen reader which fields are; the form checks them itself (noValidate).
  { name: "name", label: "Name", autoComplete: "shipping name", required: true },
  { name: "address", label: "Street address", autoComplete: "shipping street-address", required: true },
  { name: "city", label: "City", autoComplete: "shipping address-level2", required: true },
  { name: "state", label: "State", autoComplete: "shipping address-level1", required: true },
  {
    name: "zip",
    label: "ZIP code",
    autoComplete: "shipping postal-code",
    inputMode: "numeric" as const,
    required: true,
  },
  { name: "phone", label: "Phone number (optional)", autoComplete: "tel", type: "tel" },
  { name: "email", label: "Email (optional, for the receipt)", autoComplete: "email", type: "email" },
];

/** Once shipping or tax is set up, State is chosen from the states, DC and the territories. */
export const stateOptions = [
  { value: "", label: "Choose a state" },
  ...US_STATES.map(({ code, name }) => ({ value: code, label: name })),
];

export const cardFields = [
  {
    name: "cardNumber",
    label: "Card number",
    autoComplete: "cc-number",
    inputMode: "numeric" as const,
    required: true,
  },
  { name: "expiry", label: "Expiry (MM/YY)", autoComplete: "cc-exp", required: true },
  { name: "cvc", label: "CVC", autoComplete: "cc-csc", inputMode: "numeric" as const, required: true },
];

/** Maps the API's `fields` ("shipping.name", "cardNumber") onto the form's input names. */
export const toInputErrors = (fields: Record<string, string> = {}): Record<string, string> =>
  Object.fromEntries(Object.entries(fields).map(([key, message]) => [key.replace(/^shipping\./, ""), message]));
