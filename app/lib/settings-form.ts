import type { ShopSettingKey } from "./shop-settings";

// Apart from shop-settings.ts, which every page's layout imports: only /admin/settings and the server need these.

/** What a logo file may be: a drawing (SVG) could carry scripts. */
export const LOGO_TYPES = "image/png,image/jpeg,image/webp";

/** The form's labels, which the refusals and the activity log name the fields by. */
export const SHOP_SETTING_LABELS: Record<ShopSettingKey, string> = {
  name: "Shop name",
  tagline: "Tagline",
  contactEmail: "Contact email",
  phone: "Phone",
  address: "Business address",
  facebook: "Facebook",
  instagram: "Instagram",
  etsy: "Etsy",
  announcement: "Announcement",
  announcementLink: "Announcement link",
};
