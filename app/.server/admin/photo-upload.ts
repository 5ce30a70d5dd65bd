import {
  FormDataParseError,
  MaxFileSizeExceededError,
  MaxFilesExceededError,
  MaxTotalSizeExceededError,
  parseFormData,
} from "@remix-run/form-data-parser";
import { MAX_PHOTOS_PER_SAVE } from "~/lib/catalog-schemas";
import { MAX_PHOTO_BYTES, type PhotoShape, PhotoRejected, processPhoto } from "~/.server/catalog/photos";

/** The largest photo form: every photo at its limit, and the fields. */
export const MAX_PHOTO_FORM_BYTES = MAX_PHOTOS_PER_SAVE * MAX_PHOTO_BYTES + 1024 * 1024;

/** The form and its processed photos; or why it was refused, with the form's fields when they could be read. */
export type PhotoForm<Processed> =
  | { form: FormData; photos: Processed[]; error?: undefined }
  | { form: FormData; error: string }
  | { form?: undefined; error: string };

/** A product's or a category's photos, at their shape's sizes. */
export const photosOf = (shape: PhotoShape) => (bytes: Uint8Array, name: string) => processPhoto(bytes, name, shape);

/**
 * Reads a form with photos as it streams in: each file of the `photos` input
 * is processed as it arrives (photos.ts) and only its small WebP files are
 * kept, so memory holds one upload at a time. Any refused file, or a form
 * over its limits, gives a message for the owner and nothing to save.
 */
export async function parsePhotoForm<Processed>(
  request: Request,
  process: (bytes: Uint8Array, name: string) => Promise<Processed>,
  field = "photos",
): Promise<PhotoForm<Processed>> {
  const photos: Processed[] = [];
  let refusal: string | undefined;
  try {
    const form = await parseFormData(
      request,
      {
        maxFiles: MAX_PHOTOS_PER_SAVE,
        maxFileSize: MAX_PHOTO_BYTES,
        maxTotalSize: MAX_PHOTO_FORM_BYTES,
        maxParts: 200,
      },
      async (file) => {
        // An empty file input still sends a part, with no bytes.
        if (file.fieldName !== field || file.size === 0 || refusal) return;
        try {
          photos.push(await process(new Uint8Array(await file.arrayBuffer()), file.name));
        } catch (error) {
          if (!(error instanceof PhotoRejected)) throw error;
          refusal = error.message;
        }
      },
    );
    return refusal ? { form, error: refusal } : { form, photos };
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError)
      return { error: "A photo is larger than 15 MB: each must be at most 15 MB." };
    if (error instanceof MaxFilesExceededError)
      return { error: `Upload at most ${MAX_PHOTOS_PER_SAVE} photos at a time.` };
    if (error instanceof MaxTotalSizeExceededError)
      return { error: "The photos are too large together: upload fewer at a time." };
    if (error instanceof FormDataParseError) return { error: "The form did not arrive whole: please try again." };
    throw error;
  }
}
