import "server-only";
import { Prisma as PrismaRuntime } from "@/lib/generated/prisma-sqlite/client";
import { db, type Prisma } from "@/lib/infra/db";
import { type ScraperDetailDto, type ScraperDto, toScraperDetailDto, toScraperDto } from "./dto";

/** Distinct users who have run each scraper, counted in the database (index scraper_id, user_id). */
async function runnersByScraper(ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db.$queryRaw<Array<{ scraper_id: number | bigint; runners: number | bigint }>>`
    SELECT scraper_id, COUNT(DISTINCT user_id) AS runners
    FROM scraper_runs
    WHERE scraper_id IN (${PrismaRuntime.join(ids)})
    GROUP BY scraper_id`;
  // PostgreSQL answers COUNT as bigint, SQLite as a number.
  return new Map(rows.map((row) => [Number(row.scraper_id), Number(row.runners)]));
}

async function findScrapers(where: Prisma.ScraperWhereInput): Promise<ScraperDto[]> {
  const scrapers = await db.scraper.findMany({ where, orderBy: { id: "asc" } });
  const runners = await runnersByScraper(scrapers.map((scraper) => scraper.id));
  const now = new Date();
  return scrapers.map((scraper) => toScraperDto(scraper, runners.get(scraper.id) ?? 0, now));
}

/** The whole catalogue, in catalogue order. */
export function listScrapers(): Promise<ScraperDto[]> {
  return findScrapers({});
}

/** One scraper with its parameters and example URL, or null. */
export async function getScraper(id: number): Promise<ScraperDetailDto | null> {
  const scraper = await db.scraper.findUnique({ where: { id } });
  if (!scraper) return null;
  const runners = await runnersByScraper([id]);
  return toScraperDetailDto(scraper, runners.get(id) ?? 0);
}

/** The catalogue's ids, in catalogue order: the scraper pages to render ahead of time. */
export async function listScraperIds(): Promise<number[]> {
  const rows = await db.scraper.findMany({ select: { id: true }, orderBy: { id: "asc" } });
  return rows.map((row) => row.id);
}

/** LIKE treats % and _ as wildcards; a search for them means the characters themselves. */
function likePattern(query: string): string {
  return `%${query.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * Case-insensitive substring match on name, description and category. Prisma's `mode: "insensitive"` exists
 * only on PostgreSQL, so the match is written once in SQL that both databases read the same way.
 */
export async function searchScrapers(query: string): Promise<ScraperDto[]> {
  const pattern = likePattern(query);
  const matches = await db.$queryRaw<Array<{ id: number | bigint }>>`
    SELECT id FROM scrapers
    WHERE LOWER(name) LIKE ${pattern} ESCAPE '\\'
       OR LOWER(description) LIKE ${pattern} ESCAPE '\\'
       OR LOWER(category) LIKE ${pattern} ESCAPE '\\'`;
  if (matches.length === 0) return [];
  return findScrapers({ id: { in: matches.map((row) => Number(row.id)) } });
}
