/** The name a fresh shop has (DESIGN.md): everything reads as it did before the owner names hers. */
export const DEFAULT_SHOP_NAME = "Wickshop";
export const DEFAULT_TAGLINE = "Hand-poured in small batches.";

/**
 * The shop's own name, contact and links, as /admin/settings saves them and
 * every page shows them (DESIGN.md, "The shop's own name, pages and
 * policies"). An empty social link hides it; an empty announcement shows none.
 */
export interface ShopSettings {
  name: string;
  tagline: string;
  contactEmail: string;
  phone: string;
  address: string;
  facebook: string;
  instagram: string;
  etsy: string;
  announcement: string;
  /** Where the announcement leads, if anywhere: a page of the shop ("/shop/seasonal") or an https link. */
  announcementLink: string;
}

export type ShopSettingKey = keyof ShopSettings;

/** The owner's logo as the pages use it (/admin/settings): the nav's image, the favicon and the touch icon. */
export interface ShopLogo {
  nav: { url: string; width: number; height: number };
  icon: string;
  touchIcon: string;
}
