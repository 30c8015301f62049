// schema.org ItemAvailability names, from a schema.org URL, an Open Graph value or the page's wording.
const WORDINGS: [RegExp, string][] = [
  [
    /out[\s_-]?of[\s_-]?stock|^oos$|currently unavailable|unavailable|nicht (?:auf lager|verfügbar)|épuisé|agotado/i,
    "OutOfStock",
  ],
  [/sold[\s_-]?out|ausverkauft/i, "SoldOut"],
  [/pre[\s_-]?order|vorbestell/i, "PreOrder"],
  [/pre[\s_-]?sale/i, "PreSale"],
  [/back[\s_-]?order/i, "BackOrder"],
  [/discontinued/i, "Discontinued"],
  [/limited|only \d+ left|low stock|few left/i, "LimitedAvailability"],
  [/in[\s_-]?store[\s_-]?only/i, "InStoreOnly"],
  [/online[\s_-]?only/i, "OnlineOnly"],
  [/made[\s_-]?to[\s_-]?order/i, "MadeToOrder"],
  [/in[\s_-]?stock|^available|available now|auf lager|en stock|disponible/i, "InStock"],
];

const NAMES = new Set(WORDINGS.map(([, name]) => name).concat("Reserved"));

export function availabilityName(value: string | null | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  const local = text.replace(/^https?:\/\/(?:www\.)?schema\.org\//i, "").replace(/^schema:/i, "");
  if (NAMES.has(local)) return local;
  return WORDINGS.find(([pattern]) => pattern.test(local))?.[1] ?? null;
}
