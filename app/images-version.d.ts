/** The version of the shop's own images, set by the build (vite.config.ts, server/images-version.ts). */
declare const __IMAGES_VERSION__: string;
