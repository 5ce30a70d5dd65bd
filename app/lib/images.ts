/**
 * The URL a page shows an image by. The shop's own images carry the build's
 * version of them, so the browser may keep them for good; the owner's
 * uploaded photos are named by their hash already, and any other URL is
 * used as it is.
 */
export const imageUrl = (url: string) =>
  url.startsWith("/images/") ? `${url}${url.includes("?") ? "&" : "?"}v=${__IMAGES_VERSION__}` : url;

/**
 * The shop's own images, and the owner's uploaded photos, come as
 * `name-800.webp` with a `name-400.webp` beside it; for those we offer both
 * sizes. Any other URL is used as it is.
 */
export function imageSrcSet(url: string): string | undefined {
  if (!/^\/(?:images|photos)\/.+-800\.webp$/.test(url)) return undefined;
  return `${imageUrl(url.replace(/-800\.webp$/, "-400.webp"))} 400w, ${imageUrl(url)} 800w`;
}

/** Intrinsic sizes of the shop's own images, so the browser reserves their space. */
export const PRODUCT_IMAGE_SIZE = { width: 800, height: 1000 } as const;
export const CATEGORY_IMAGE_SIZE = { width: 800, height: 600 } as const;
