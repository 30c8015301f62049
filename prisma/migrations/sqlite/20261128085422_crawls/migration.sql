CREATE TABLE "crawls" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "user_id" INTEGER NOT NULL,
    "scraper_id" INTEGER NOT NULL,
    "url" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "stopped_reason" TEXT,
    "options" TEXT NOT NULL,
    "page_limit" INTEGER NOT NULL,
    "webhook_url" TEXT,
    "discovered" INTEGER NOT NULL DEFAULT 0,
    "succeeded" INTEGER NOT NULL DEFAULT 0,
    "failed" INTEGER NOT NULL DEFAULT 0,
    "skipped_robots" INTEGER NOT NULL DEFAULT 0,
    "skipped_excluded" INTEGER NOT NULL DEFAULT 0,
    "skipped_duplicate" INTEGER NOT NULL DEFAULT 0,
    "skipped_off_host" INTEGER NOT NULL DEFAULT 0,
    "skipped_private" INTEGER NOT NULL DEFAULT 0,
    "skipped_trap" INTEGER NOT NULL DEFAULT 0,
    "skipped_limit" INTEGER NOT NULL DEFAULT 0,
    "robots" TEXT,
    "hosts" TEXT,
    "pattern_counts" TEXT,
    "sitemap_stats" TEXT,
    "version" INTEGER NOT NULL DEFAULT 0,
    "error_code" TEXT,
    "error" TEXT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" DATETIME,
    "finished_at" DATETIME,
    CONSTRAINT "crawls_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "crawls_scraper_id_fkey" FOREIGN KEY ("scraper_id") REFERENCES "scrapers" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);


CREATE TABLE "crawl_pages" (
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
    CONSTRAINT "crawl_pages_crawl_id_fkey" FOREIGN KEY ("crawl_id") REFERENCES "crawls" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "crawl_pages_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "scraper_runs" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);


PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_webhook_deliveries" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "user_id" INTEGER NOT NULL,
    "run_id" INTEGER,
    "batch_id" INTEGER,
    "crawl_id" INTEGER,
    "event_id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_status" INTEGER,
    "next_attempt_at" DATETIME,
    "delivered_at" DATETIME,
    "url_disabled" BOOLEAN NOT NULL DEFAULT false,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "webhook_deliveries_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "webhook_deliveries_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "scraper_runs" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "webhook_deliveries_batch_id_fkey" FOREIGN KEY ("batch_id") REFERENCES "run_batches" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "webhook_deliveries_crawl_id_fkey" FOREIGN KEY ("crawl_id") REFERENCES "crawls" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_webhook_deliveries" ("attempts", "batch_id", "created_at", "delivered_at", "event_id", "id", "last_status", "next_attempt_at", "payload", "run_id", "type", "url", "url_disabled", "user_id") SELECT "attempts", "batch_id", "created_at", "delivered_at", "event_id", "id", "last_status", "next_attempt_at", "payload", "run_id", "type", "url", "url_disabled", "user_id" FROM "webhook_deliveries";
DROP TABLE "webhook_deliveries";
ALTER TABLE "new_webhook_deliveries" RENAME TO "webhook_deliveries";
CREATE UNIQUE INDEX "webhook_deliveries_event_id_key" ON "webhook_deliveries"("event_id");
CREATE INDEX "webhook_deliveries_next_attempt_at_idx" ON "webhook_deliveries"("next_attempt_at");
CREATE INDEX "webhook_deliveries_run_id_idx" ON "webhook_deliveries"("run_id");
CREATE INDEX "webhook_deliveries_batch_id_idx" ON "webhook_deliveries"("batch_id");
CREATE INDEX "webhook_deliveries_crawl_id_idx" ON "webhook_deliveries"("crawl_id");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;


CREATE INDEX "crawls_user_id_created_at_idx" ON "crawls"("user_id", "created_at");


CREATE INDEX "crawls_status_idx" ON "crawls"("status");


CREATE INDEX "crawl_pages_crawl_id_state_idx" ON "crawl_pages"("crawl_id", "state");


CREATE INDEX "crawl_pages_state_lease_until_idx" ON "crawl_pages"("state", "lease_until");


CREATE UNIQUE INDEX "crawl_pages_crawl_id_key_key" ON "crawl_pages"("crawl_id", "key");
