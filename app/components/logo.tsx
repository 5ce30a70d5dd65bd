import type { ShopLogo } from "~/lib/shop-settings";

/** The shop's mark beside its name: the owner's logo, or a lit candle until she uploads one. */
export function Logo({ name, image }: { name: string; image: ShopLogo["nav"] | null }) {
  return (
    <span className="logo">
      {image ? (
        <img
          className="logo__image"
          src={image.url}
          alt=""
          width={Math.round(image.width / 2)}
          height={Math.round(image.height / 2)}
        />
      ) : (
        <CandleMark />
      )}
      <span className="logo__word">{name}</span>
    </span>
  );
}

function CandleMark() {
  return (
    <svg className="logo__mark" viewBox="0 0 32 40" width="26" height="32" aria-hidden="true" focusable="false">
      <path d="M16 2c3.5 5 6 8.2 6 11.6A6 6 0 0 1 16 19.5a6 6 0 0 1-6-5.9C10 10.2 12.5 7 16 2z" fill="#e8a33d" />
      <path d="M16 8c1.7 2.6 3 4.3 3 6a3 3 0 0 1-6 0c0-1.7 1.3-3.4 3-6z" fill="#fbe3a8" />
      <rect x="15.2" y="18.5" width="1.6" height="4" rx="0.8" fill="#3b2a1e" />
      <rect x="6" y="22" width="20" height="17" rx="3" fill="currentColor" />
    </svg>
  );
}
