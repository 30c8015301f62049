import Link from "next/link";
import type { ScraperDto } from "@/lib/catalogue/dto";
import { formatCount } from "@/lib/infra/format";
import { PopularityBadge } from "./popularity-badge";

export type ScraperCardData = Pick<ScraperDto, "id" | "name" | "description" | "popularity" | "users" | "updated">;

export function formatUsers(users: number): string {
  return `${formatCount(users)} ${users === 1 ? "user" : "users"}`;
}

export function ScraperCard({ scraper }: { scraper: ScraperCardData }) {
  return (
    <li className="list-none">
      <Link
        href={`/scrapers/${scraper.id}`}
        className="group flex h-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm transition hover:border-brand-500 hover:shadow-md"
      >
        <div className="flex items-start justify-between gap-3">
          <h3 className="text-lg font-semibold leading-tight group-hover:text-brand-700">{scraper.name}</h3>
          <PopularityBadge popularity={scraper.popularity} />
        </div>
        <p className="mt-3 line-clamp-3 flex-1 text-sm text-slate-600">{scraper.description}</p>
        <p className="mt-4 flex items-center justify-between text-sm text-slate-600">
          <span>{formatUsers(scraper.users ?? 0)}</span>
          <span>Updated {scraper.updated || "recently"}</span>
        </p>
      </Link>
    </li>
  );
}
