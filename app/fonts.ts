import localFont from "next/font/local";

// Self-hosted (next/font/google needs the internet at build time). One variable file (48 KB) carries every weight
// the pages use, where the four static weights were 97 KB, all on a phone's first load.
export const inter = localFont({
  src: "../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
  weight: "100 900",
  style: "normal",
  variable: "--font-inter",
  // "optional", not "swap": a font arriving after the first paint is left for the next page rather than swapped in,
  // since swapping reflows text, and the cookie banner (in the server HTML, anchored to the bottom of the screen)
  // would move with any change of its height (layout shift). Preloaded, it is there in time on all but slow loads.
  display: "optional",
});
