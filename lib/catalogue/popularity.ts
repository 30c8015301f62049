/** The badge a catalogue scraper carries (spec §3 Scraper); the database's Popularity enum holds the same values. */
export const POPULARITIES = ["Popular", "New"] as const;

export type Popularity = (typeof POPULARITIES)[number];
