// schema.org ItemAvailability names, from a schema.org URL, an Open Graph value or the page's wording, in the
// languages shops most write. Order matters: a negation ("nicht verfügbar", "not sold", "stokta yok") is
// tested before the phrase it negates ("verfügbar", "sold", "stokta").
const WORDINGS: [RegExp, string][] = [
  // "Not sold" on a classified ad is still for sale.
  [/\bnot[\s_-]?(?:yet[\s_-]?)?sold\b(?![\s_-]?out)|\bunsold\b|\bnicht verkauft\b|\bno vendido\b|\bnon venduto\b/i, "InStock"],
  [
    /\bsold[\s_-]?out\b|ausverkauft|uitverkocht|\bsoldout\b|wyprzedan[ye]|vyprodáno|slutsåld|udsolgt|utsolgt|loppuunmyyty|tükendi|распродан[оа]?|売り切れ|品切れ|售罄|已售完|已售罄|품절/i,
    "SoldOut",
  ],
  [
    /out[\s_-]?of[\s_-]?stock|^oos$|no(?:t| longer)[\s_-](?:in[\s_-]stock|available)|currently unavailable|\bunavailable\b|temporarily unavailable|nicht (?:mehr )?(?:auf lager|verfügbar|lieferbar|vorrätig)|nicht vorrätig|vergriffen|épuisé|esaurit[oa]|rupture de stock|en rupture|indisponible|hors stock|sin (?:stock|existencias)|no disponible|fuera de stock|agotado|non (?:più )?disponibile|non disponibile|fuori stock|indisponível|sem estoque|fora de estoque|esgotado|niet (?:op voorraad|beschikbaar|leverbaar)|brak (?:w magazynie|towaru)|niedostępn[yae]|není skladem|nedostupné|ej i lager|inte i lager|ikke på lager|ikke tilgjengelig|ei varastossa|stokta yok|нет в наличии|нет на складе|немає в наявності|відсутн[іяє]й?|在庫切れ|在庫なし|缺货|缺貨|无货|無貨|無庫存|暂时缺货|재고 ?없음|일시품절/i,
    "OutOfStock",
  ],
  [
    /pre[\s_-]?order|vorbestell|précommande|pré-commande|preventa|pre-?venta|pre-?ordine|prenotazione|pré-venda|pré-?encomenda|voorbestel|przedsprzedaż|předprodej|förhandsbeställ|forudbestil|forhåndsbestill|предзаказ|передзамовлення|予約受付|予約商品|预订|预售|預購|預售|예약 ?판매|사전 ?예약/i,
    "PreOrder",
  ],
  [/pre[\s_-]?sale/i, "PreSale"],
  [/back[\s_-]?order|nachbestellt|en réapprovisionnement|bajo pedido/i, "BackOrder"],
  [/discontinued|nicht mehr erhältlich|plus fabriqué|descatalogado|fuori produzione|снят с производства/i, "Discontinued"],
  [
    /limited|only \d+ left|low stock|few left|nur noch \d+|plus que \d+|últimas? \d+ unidades|solo \d+ rimast/i,
    "LimitedAvailability",
  ],
  [/in[\s_-]?store[\s_-]?only/i, "InStoreOnly"],
  [/online[\s_-]?only/i, "OnlineOnly"],
  [/made[\s_-]?to[\s_-]?order|auf bestellung|sur commande|por encargo|su ordinazione/i, "MadeToOrder"],
  [
    /in[\s_-]?stock|^available|available now|ready to ship|ships (?:today|tomorrow|in \d)|auf lager|sofort lieferbar|\blieferbar\b|\bverfügbar\b|vorrätig|en stock|\bdisponible\b|hay existencias|\bdisponibile\b|in magazzino|em estoque|\bdisponível\b|op voorraad|\bleverbaar\b|w magazynie|\bdostępn[yae]\b|\bskladem\b|i lager|på lager|tilgjengelig|varastossa|\bstokta\b|в наличии|є в наявності|在庫あり|有货|有貨|現貨|现货|재고 ?있음|구매 ?가능/i,
    "InStock",
  ],
];

const NAMES = new Set(WORDINGS.map(([, name]) => name).concat("Reserved"));

export function availabilityName(value: string | null | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  const local = text.replace(/^https?:\/\/(?:www\.)?schema\.org\//i, "").replace(/^schema:/i, "");
  if (NAMES.has(local)) return local;
  return WORDINGS.find(([pattern]) => pattern.test(local))?.[1] ?? null;
}

/** Texts longer than this are sentences, not an availability line ("Sold out last year, back now …"). */
const MAX_STATEMENT = 40;

/**
 * The availability a short line states on its own ("In stock", "✓ En stock", "Nicht verfügbar"), for
 * unmarked text beside the price: a line that is only an availability phrase, with at most a symbol or a
 * label around it.
 */
export function statedAvailability(text: string | null | undefined): string | null {
  const line = text?.trim();
  if (!line || line.length > MAX_STATEMENT || /\d{3,}/.test(line)) return null;
  const words = line.replace(/^(?:availability|stock|status|verfügbarkeit|disponibilité|disponibilidad)\s*[:：]\s*/i, "");
  if (words.split(/\s+/).length > 5) return null;
  return availabilityName(words);
}
