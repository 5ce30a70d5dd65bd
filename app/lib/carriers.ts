/** The carriers the Mark shipped form offers; for these the shopper gets a link to the carrier's tracking page. */
export const CARRIERS = ["USPS", "UPS", "FedEx", "DHL"] as const;
export type Carrier = (typeof CARRIERS)[number];

const TRACKING_PAGES: Record<Carrier, string> = {
  USPS: "https://tools.usps.com/go/TrackConfirmAction?tLabels=",
  UPS: "https://www.ups.com/track?tracknum=",
  FedEx: "https://www.fedex.com/fedextrack/?trknbr=",
  DHL: "https://www.dhl.com/en/express/tracking.html?AWB=",
};

/** The carrier's page for a tracking number, or undefined for a carrier we know no page of. */
export function trackingUrl(carrier: string | null, trackingNumber: string | null): string | undefined {
  if (!carrier || !trackingNumber || !Object.hasOwn(TRACKING_PAGES, carrier)) return undefined;
  return TRACKING_PAGES[carrier as Carrier] + encodeURIComponent(trackingNumber);
}
