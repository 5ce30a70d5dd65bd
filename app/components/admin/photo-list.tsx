import { MAX_PHOTOS_PER_SAVE } from "~/lib/catalog-schemas";
import { imageUrl } from "~/lib/images";
import { MAX_PHOTO_ALT, defaultPhotoAlt } from "~/lib/photo-alt";

interface PhotoListProps {
  /** The product's name, for the photos' alt texts. */
  name: string;
  images: string[];
  /** The alt texts she wrote, by image URL. */
  alts: Record<string, string>;
  error?: string;
}

/**
 * The product's photos in the form: each with its position (the first is the
 * card image), its alt text and a Remove box, then the file input for new
 * ones, which a phone opens on its camera roll or camera. Save applies all of it.
 */
export function PhotoList({ name, images, alts, error }: PhotoListProps) {
  return (
    <div className="photo-list">
      {images.length > 0 ? (
        <>
          <p className="form-field__hint photo-list__hint" id="photo-alt-hint">
            Alt text is what a screen reader says instead of the photo, like “A lilac jar lit on a linen cloth”. Left
            empty, it says the product&apos;s name and the photo&apos;s place, as shown.
          </p>
          <ol className="photo-list__items" aria-label="Current photos">
            {images.map((url, index) => (
              <li key={url} className="photo-list__item">
                <img src={imageUrl(url)} alt={`${name}, photo ${index + 1}`} width={80} height={100} />
                <input type="hidden" name="photoUrl" value={url} />
                <label className="photo-list__field">
                  <span>{`Position of photo ${index + 1}`}</span>
                  <input
                    type="number"
                    name="photoPosition"
                    min={1}
                    max={images.length}
                    defaultValue={index + 1}
                    inputMode="numeric"
                  />
                </label>
                <label className="photo-list__field">
                  <span>{`Alt text of photo ${index + 1}`}</span>
                  <textarea
                    name="photoAlt"
                    rows={3}
                    maxLength={MAX_PHOTO_ALT}
                    defaultValue={alts[url] ?? ""}
                    placeholder={defaultPhotoAlt(name, index, images.length)}
                    aria-describedby="photo-alt-hint"
                  />
                </label>
                <label className="photo-list__remove">
                  <input type="checkbox" name="removePhoto" value={url} />
                  {`Remove photo ${index + 1}`}
                </label>
              </li>
            ))}
          </ol>
        </>
      ) : null}
      <div className="form-field">
        <label htmlFor="product-photos">Photos</label>
        <input
          id="product-photos"
          type="file"
          name="photos"
          multiple
          accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
          aria-describedby="product-photos-hint"
          aria-invalid={error ? true : undefined}
        />
        <p className="form-field__hint" id="product-photos-hint">
          {`JPEG, PNG, WebP or HEIC, up to 15 MB each and ${MAX_PHOTOS_PER_SAVE} at a time. The first photo is the one on the product's card.`}
        </p>
        {error ? <p className="form-field__error">{error}</p> : null}
      </div>
    </div>
  );
}
