import type { ImageRequest } from "#app/lib/image.ts";

/**
 * The hero's image: 16:9, eager and fetched first (it is the home page's LCP element). The sizes
 * follow `app/styles/home.css`: the full width on phones, the hero's image column from 48rem
 * (58% of the column; from 72rem half of it, at most 38rem).
 */
export const HERO_IMAGE: ImageRequest = {
  width: 960,
  height: 540,
  loading: "eager",
  sizes: "(min-width: 72rem) 38rem, (min-width: 48rem) 58vw, 100vw",
};
