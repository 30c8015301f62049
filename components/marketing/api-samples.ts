// Request and response samples shared by the home page, the scraper page and the API docs.
import { CATALOGUE } from "@/lib/catalogue/seed-data";

export const API_KEY_PLACEHOLDER = "YOUR_API_KEY";
const EXAMPLE_SCRAPER_ID = 1;
const EXAMPLE_PAGE = CATALOGUE[0]?.exampleUrl ?? "https://example.com/product";

/** docs/product.md#scraper-detail: id, status and a data list of items with title, price, description, rating and reviews. */
export const SAMPLE_RUN_RESPONSE = JSON.stringify(
  {
    id: 1042,
    status: "success",
    data: [
      {
        title: "Wireless Noise-Cancelling Headphones",
        price: 199.99,
        description: "Over-ear headphones with adaptive noise cancelling and 30-hour battery life.",
        rating: 4.6,
        reviews: 1287,
      },
    ],
  },
  null,
  2,
);

/** A POST with the bearer key header and a JSON body containing url. */
export function curlRunExample(endpointUrl: string, pageUrl = EXAMPLE_PAGE): string {
  return [
    `curl -X POST ${endpointUrl} \\`,
    `  -H "Authorization: Bearer ${API_KEY_PLACEHOLDER}" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -d '{"url": "${pageUrl}"}'`,
  ].join("\n");
}

export const EXAMPLE_RUN_ENDPOINT_PATH = `scrapers/${EXAMPLE_SCRAPER_ID}/run`;
