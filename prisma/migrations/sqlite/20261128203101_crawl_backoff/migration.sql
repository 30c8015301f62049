ALTER TABLE "scraper_runs" ADD COLUMN "upstream_retry_after" INTEGER;
ALTER TABLE "scraper_runs" ADD COLUMN "upstream_status" INTEGER;


PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_crawl_pages" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "crawl_id" INTEGER NOT NULL,
    "url" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "host" TEXT NOT NULL,
    "depth" INTEGER NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'queued',
    "run_id" INTEGER,
    "error_code" TEXT,
    "error" TEXT,
    "lease_until" DATETIME,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" DATETIME,
    "retries" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "crawl_pages_crawl_id_fkey" FOREIGN KEY ("crawl_id") REFERENCES "crawls" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "crawl_pages_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "scraper_runs" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_crawl_pages" ("crawl_id", "created_at", "depth", "error", "error_code", "finished_at", "host", "id", "key", "lease_until", "run_id", "state", "url") SELECT "crawl_id", "created_at", "depth", "error", "error_code", "finished_at", "host", "id", "key", "lease_until", "run_id", "state", "url" FROM "crawl_pages";
DROP TABLE "crawl_pages";
ALTER TABLE "new_crawl_pages" RENAME TO "crawl_pages";
CREATE INDEX "crawl_pages_crawl_id_state_idx" ON "crawl_pages"("crawl_id", "state");
CREATE INDEX "crawl_pages_state_lease_until_idx" ON "crawl_pages"("state", "lease_until");
CREATE UNIQUE INDEX "crawl_pages_crawl_id_key_key" ON "crawl_pages"("crawl_id", "key");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
