/** The longest alt text the owner can give a photo: a sentence or two, as screen readers read it in one go. */
export const MAX_PHOTO_ALT = 250;

/** What a photo says without the owner's words: the product and the photo's place among its photos. */
export const defaultPhotoAlt = (name: string, index: number, count: number) =>
  `${name}, photo ${index + 1} of ${count}`;

/** Each photo's alt text, in the photos' order: the owner's where she wrote one (keyed by URL), else the default. */
export const photoAlts = (name: string, images: string[], written: Record<string, string>) =>
  images.map((url, index) => written[url] || defaultPhotoAlt(name, index, images.length));
