import type { SeededRandom } from "./seeded-random";

const FIRST_NAMES = [
  "Ada", "Alice", "Amara", "Ana", "Beatrice", "Ben", "Caleb", "Carmen", "Chloe", "Daniel", "Dana", "Diego", "Elena", "Eli", "Emma", "Ethan",
  "Fatima", "Felix", "Grace", "Hana", "Hugo", "Iris", "Isaac", "Jade", "James", "Jonah", "Julia", "Kai", "Kenji", "Laila", "Leo", "Lucia",
  "Maya", "Mei", "Miguel", "Mila", "Nadia", "Noah", "Nora", "Olivia", "Omar", "Priya", "Quinn", "Rafael", "Rosa", "Ruth", "Sam", "Sara",
  "Sofia", "Theo", "Tomas", "Uma", "Vera", "Victor", "Wen", "Willa", "Xavier", "Yara", "Yusuf", "Zoe",
];

const LAST_NAMES = [
  "Abbott", "Alvarez", "Bauer", "Bennett", "Brooks", "Castillo", "Chen", "Clarke", "Dalton", "Diaz", "Ellison", "Evans", "Fischer", "Foster",
  "Garcia", "Greene", "Hartley", "Hayes", "Ibrahim", "Ingram", "Jensen", "Johnson", "Kaur", "Keller", "Kim", "Lambert", "Lopez", "Mason",
  "Meyer", "Morales", "Nakamura", "Nguyen", "Novak", "Okafor", "Olsen", "Patel", "Perry", "Quinlan", "Ramirez", "Reyes", "Rossi", "Santos",
  "Schmidt", "Silva", "Sullivan", "Tanaka", "Thompson", "Torres", "Ueda", "Vance", "Vargas", "Walker", "Weber", "Whitaker", "Wright",
  "Xu", "Yamamoto", "Young", "Zhang", "Zimmerman",
];

const STREETS = ["Maple", "Oak", "Cedar", "Elm", "Willow", "Birch", "Chestnut", "Juniper", "Lakeview", "Hillcrest", "Sunset", "Meadow", "River", "Park", "Orchard", "Linden"];
const STREET_KINDS = ["St", "Ave", "Rd", "Ln", "Blvd", "Way", "Ct", "Dr"];

/** A city, its state and the first three digits of its ZIP codes. */
const CITIES: [string, string, string][] = [
  ["Portland", "OR", "972"], ["Seattle", "WA", "981"], ["Boise", "ID", "837"], ["Denver", "CO", "802"], ["Austin", "TX", "787"],
  ["Houston", "TX", "770"], ["Santa Fe", "NM", "875"], ["Phoenix", "AZ", "850"], ["San Diego", "CA", "921"], ["Oakland", "CA", "946"],
  ["Sacramento", "CA", "958"], ["Salt Lake City", "UT", "841"], ["Minneapolis", "MN", "554"], ["Madison", "WI", "537"], ["Chicago", "IL", "606"],
  ["Ann Arbor", "MI", "481"], ["Columbus", "OH", "432"], ["Pittsburgh", "PA", "152"], ["Brooklyn", "NY", "112"], ["Burlington", "VT", "054"],
  ["Portland", "ME", "041"], ["Boston", "MA", "021"], ["Providence", "RI", "029"], ["Baltimore", "MD", "212"], ["Richmond", "VA", "232"],
  ["Asheville", "NC", "288"], ["Charleston", "SC", "294"], ["Savannah", "GA", "314"], ["Atlanta", "GA", "303"], ["Nashville", "TN", "372"],
  ["New Orleans", "LA", "701"], ["Tampa", "FL", "336"], ["Miami", "FL", "331"], ["Kansas City", "MO", "641"], ["Omaha", "NE", "681"],
  ["Tulsa", "OK", "741"], ["Anchorage", "AK", "995"], ["Honolulu", "HI", "968"],
];

const DOMAINS = ["example.com", "example.net", "example.org", "mail.example.com"];

/** Who an order goes to: what the checkout form asks for. */
export interface Person {
  name: string;
  email: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  phone: string | null;
}

/** A made-up shopper with a US address; `serial` keeps the email addresses apart. */
export function randomPerson(random: SeededRandom, serial: number): Person {
  const first = random.pick(FIRST_NAMES);
  const last = random.pick(LAST_NAMES);
  const [city, state, zipPrefix] = random.pick(CITIES);
  const apartment = random.chance(0.2) ? `, Apt ${random.int(1, 40)}` : "";
  return {
    name: `${first} ${last}`,
    email: `${first}.${last}${serial}@${random.pick(DOMAINS)}`.toLowerCase(),
    address: `${random.int(1, 9999)} ${random.pick(STREETS)} ${random.pick(STREET_KINDS)}${apartment}`,
    city,
    state,
    zip: `${zipPrefix}${String(random.int(0, 99)).padStart(2, "0")}`,
    phone: random.chance(0.6) ? `(555) ${random.int(200, 999)}-${String(random.int(0, 9999)).padStart(4, "0")}` : null,
  };
}
