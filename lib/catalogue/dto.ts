import type { z } from "zod";
import { planOf } from "@/lib/config/plans";
import { relativeTime } from "@/lib/infra/format";
import type { Popularity } from "./popularity";
import type { scraperDetailSchema, scraperSchema } from "./schema";

/** The stored fields a catalogue DTO is built from (a Scraper row). */
export interface ScraperRecord {
  id: number;
  name: string;
  description: string;
  category: string;
  popularity: Popularity;
  baseUsers: number;
  parameters: string;
  exampleUrl: string;
  /** As stored: a PlanId (lib/config/plans.ts planOf). */
  requiredPlan: string;
  updatedAt: Date;
}

/** A catalogue entry as the list, the search and the home page show it (docs/product.md#entities). */
export type ScraperDto = z.output<typeof scraperSchema>;
export type ScraperDetailDto = z.output<typeof scraperDetailSchema>;

/** The run endpoint a catalogue entry names (the registry's POST /api/scrapers/{id}/run). */
export function scraperEndpoint(id: number): string {
  return `/api/scrapers/${id}/run`;
}

/** `users` is the seeded base plus the distinct users who have run the scraper. */
export function toScraperDto(scraper: ScraperRecord, runners: number, now = new Date()): ScraperDto {
  return {
    id: scraper.id,
    name: scraper.name,
    description: scraper.description,
    category: scraper.category,
    endpoint: scraperEndpoint(scraper.id),
    popularity: scraper.popularity,
    users: scraper.baseUsers + runners,
    updated: relativeTime(scraper.updatedAt, now),
    required_plan: planOf(scraper.requiredPlan),
  };
}

export function toScraperDetailDto(scraper: ScraperRecord, runners: number, now = new Date()): ScraperDetailDto {
  return {
    ...toScraperDto(scraper, runners, now),
    parameters: parseParameters(scraper.parameters),
    example_url: scraper.exampleUrl,
  };
}

/** The column holds a JSON object of strings; anything else in it is dropped rather than served. */
function parseParameters(json: string): Record<string, string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return {};
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return {};
  return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
}
