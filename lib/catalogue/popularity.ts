/** The badge a catalogue scraper carries (docs/product.md#home); the database's Popularity enum holds the same values. */
export const POPULARITIES = ["Popular", "New"] as const;

export type Popularity = (typeof POPULARITIES)[number];
