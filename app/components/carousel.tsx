import { useEffect, useRef, useState } from "react";
import { useHydrated, useMediaQuery } from "~/lib/browser-hooks";
import { PRODUCT_IMAGE_SIZE } from "~/lib/images";
import { ResponsiveImage } from "./responsive-image";

/** SPEC §9: the product carousel moves on every 10 000 ms; a swipe needs 40 px. */
export const AUTO_ADVANCE_MS = 10_000;
export const SWIPE_THRESHOLD_PX = 40;

interface CarouselProps {
  images: string[];
  /** Each photo's alt text, in the order of `images`. */
  alts: string[];
  name: string;
  /** The photo to show, and to go to whenever it changes: the chosen variant's. */
  start?: number;
}

export function Carousel({ images, alts, name, start = 0 }: CarouselProps) {
  const count = images.length;
  // The controls need JavaScript: they appear once it runs, so none is ever dead to a click.
  const hydrated = useHydrated();
  const first = start < count ? start : 0;
  const [index, setIndex] = useState(first);
  const [shownFirst, setShownFirst] = useState(first);
  if (first !== shownFirst) {
    setShownFirst(first);
    setIndex(first);
  }
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const reducedMotion = useMediaQuery("(prefers-reduced-motion: reduce)");
  const swipeStart = useRef<number | null>(null);
  const rotating = count > 1 && !stopped && !reducedMotion;
  const paused = hovered || focused;

  const show = (next: number) => setIndex(((next % count) + count) % count);

  useEffect(() => {
    if (!rotating || paused) return;
    const timer = window.setTimeout(() => setIndex((current) => (current + 1) % count), AUTO_ADVANCE_MS);
    return () => window.clearTimeout(timer);
  }, [rotating, paused, index, count]);

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === "ArrowLeft") show(index - 1);
    else if (event.key === "ArrowRight") show(index + 1);
    else return;
    event.preventDefault();
  };

  const onPointerUp = (event: React.PointerEvent) => {
    if (swipeStart.current === null) return;
    const distance = event.clientX - swipeStart.current;
    swipeStart.current = null;
    if (Math.abs(distance) >= SWIPE_THRESHOLD_PX) show(distance < 0 ? index + 1 : index - 1);
  };

  return (
    <section
      // Until the controls work, the style sheet leaves the other photos without a box, so a browser does not
      // fetch them (they are lazy) before the shown photo and the scripts, on a slow link's few connections.
      className={hydrated ? "carousel carousel--live" : "carousel"}
      aria-roledescription="carousel"
      aria-label={`Photos of ${name}`}
      onKeyDown={onKeyDown}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div
        className="carousel__viewport"
        role="group"
        tabIndex={0}
        aria-label={`${name}, photo ${index + 1} of ${count}. Use the arrow keys to see the others.`}
        onPointerDown={(event) => {
          swipeStart.current = event.clientX;
        }}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          swipeStart.current = null;
        }}
      >
        <div
          className={`carousel__track${reducedMotion ? "" : " carousel__track--animated"}`}
          // A style attribute in the server's HTML would be refused by the CSP: the style sheet places each photo.
          data-photo={index}
          aria-live={rotating && !paused ? "off" : "polite"}
        >
          {images.map((image, slide) => (
            <div
              key={image + slide}
              className="carousel__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${slide + 1} of ${count}`}
              aria-hidden={slide !== index}
            >
              <ResponsiveImage
                src={image}
                alt={alts[slide] ?? ""}
                {...PRODUCT_IMAGE_SIZE}
                sizes="(max-width: 800px) 100vw, 560px"
                // The photo the page opens on (a shared link's variant's) is the one to fetch first.
                loading={slide === first ? "eager" : "lazy"}
                fetchPriority={slide === first ? "high" : undefined}
                draggable={false}
              />
            </div>
          ))}
        </div>
      </div>
      {/* The row is there from the first paint, empty until the controls work, so nothing below it moves. */}
      {count > 1 ? (
        <div className="carousel__controls">
          {hydrated ? (
            <>
              <button
                type="button"
                className="carousel__arrow"
                aria-label="Previous photo"
                onClick={() => show(index - 1)}
              >
                <span aria-hidden="true">‹</span>
              </button>
              <div className="carousel__dots">
                {images.map((image, slide) => (
                  <button
                    key={image + slide}
                    type="button"
                    className="carousel__dot"
                    aria-label={`Show photo ${slide + 1}`}
                    aria-current={slide === index ? "true" : undefined}
                    onClick={() => show(slide)}
                  />
                ))}
              </div>
              <button type="button" className="carousel__arrow" aria-label="Next photo" onClick={() => show(index + 1)}>
                <span aria-hidden="true">›</span>
              </button>
              {reducedMotion ? null : (
                <button type="button" className="carousel__toggle" onClick={() => setStopped(!stopped)}>
                  {stopped ? "Play slideshow" : "Pause slideshow"}
                </button>
              )}
            </>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
