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

export type CodeLanguage = "javascript" | "python" | "php";

/** The same run call in each documented language (docs/product.md#api-documentation-page). */
export function runCodeExamples(apiBaseUrl: string): Record<CodeLanguage, string> {
  const endpoint = `${apiBaseUrl}scrapers/${EXAMPLE_SCRAPER_ID}/run`;
  return {
    javascript: `const response = await fetch("${endpoint}", {
  method: "POST",
  headers: {
    Authorization: \`Bearer \${process.env.SCRAPEDECK_API_KEY}\`,
    "Content-Type": "application/json",
  },
  body: JSON.stringify({ url: "${EXAMPLE_PAGE}" }),
});

if (!response.ok) {
  const { message } = await response.json();
  throw new Error(\`ScrapeDeck answered \${response.status}: \${message}\`);
}

const { data } = await response.json();
for (const item of data) console.log(item.title, item.price);`,
    python: `import os
import requests

response = requests.post(
    "${endpoint}",
    headers={"Authorization": f"Bearer {os.environ['SCRAPEDECK_API_KEY']}"},
    json={"url": "${EXAMPLE_PAGE}"},
    timeout=60,
)

if not response.ok:
    raise RuntimeError(f"ScrapeDeck answered {response.status_code}: {response.json()['message']}")

for item in response.json()["data"]:
    print(item["title"], item["price"])`,
    php: `<?php
$ch = curl_init("${endpoint}");
curl_setopt_array($ch, [
    CURLOPT_POST => true,
    CURLOPT_RETURNTRANSFER => true,
    CURLOPT_HTTPHEADER => [
        "Authorization: Bearer " . getenv("SCRAPEDECK_API_KEY"),
        "Content-Type: application/json",
    ],
    CURLOPT_POSTFIELDS => json_encode(["url" => "${EXAMPLE_PAGE}"]),
]);
$body = json_decode(curl_exec($ch), true);
$status = curl_getinfo($ch, CURLINFO_HTTP_CODE);
curl_close($ch);

if ($status !== 200) {
    throw new RuntimeException("ScrapeDeck answered $status: " . $body["message"]);
}

foreach ($body["data"] as $item) {
    echo $item["title"], " ", $item["price"], PHP_EOL;
}`,
  };
}

export const EXAMPLE_RUN_ENDPOINT_PATH = `scrapers/${EXAMPLE_SCRAPER_ID}/run`;
