import "server-only";
import { OPERATIONS } from "@/lib/api/registry";
import { runResultSchema } from "@/lib/runs/schema";

// The sample run answer of the home and scraper pages (docs/product.md#scraper-detail: id, status and a data list of
// items) is the contract's own example of POST /api/scrapers/{id}/run's 200, the one /api-docs and openapi.json show.
// It is parsed with the response schema here, so a sample the contract no longer accepts fails the build that renders
// these pages; run-sample.test.ts also holds its item against a real extraction. Server-only: the registry and its
// schemas stay out of the browser's bundle, which receives the text.

const runScraper = OPERATIONS.find((op) => op.operationId === "runScraper");

const example = runScraper?.success.example;
// Throws on drift. The example itself is shown: parsing keeps only the base fields of an item, not the ones its kind adds.
runResultSchema.parse(example);

/** The example, pretty-printed as the pages show it. */
export const SAMPLE_RUN_RESPONSE = JSON.stringify(example, null, 2);
