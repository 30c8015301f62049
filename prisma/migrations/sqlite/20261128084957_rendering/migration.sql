CREATE TABLE "run_screenshots" (
    "run_id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "png" BLOB NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "run_screenshots_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "scraper_runs" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);


PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_scraper_runs" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "user_id" INTEGER NOT NULL,
    "api_key_id" INTEGER,
    "scraper_id" INTEGER NOT NULL,
    "batch_id" INTEGER,
    "url" TEXT NOT NULL,
    "include_reviews" BOOLEAN NOT NULL DEFAULT false,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "item_count" INTEGER NOT NULL DEFAULT 0,
    "duration_ms" INTEGER,
    "error_code" TEXT,
    "error" TEXT,
    "result_data" TEXT,
    "quota_month" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "started_at" DATETIME,
    "lease_until" DATETIME,
    "slot_token" TEXT,
    "webhook_url" TEXT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" DATETIME,
    "rendered" BOOLEAN NOT NULL DEFAULT false,
    CONSTRAINT "scraper_runs_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "scraper_runs_api_key_id_fkey" FOREIGN KEY ("api_key_id") REFERENCES "api_keys" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "scraper_runs_scraper_id_fkey" FOREIGN KEY ("scraper_id") REFERENCES "scrapers" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "scraper_runs_batch_id_fkey" FOREIGN KEY ("batch_id") REFERENCES "run_batches" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_scraper_runs" ("api_key_id", "attempts", "batch_id", "created_at", "duration_ms", "error", "error_code", "finished_at", "id", "include_reviews", "item_count", "lease_until", "quota_month", "result_data", "scraper_id", "slot_token", "started_at", "status", "url", "user_id", "webhook_url") SELECT "api_key_id", "attempts", "batch_id", "created_at", "duration_ms", "error", "error_code", "finished_at", "id", "include_reviews", "item_count", "lease_until", "quota_month", "result_data", "scraper_id", "slot_token", "started_at", "status", "url", "user_id", "webhook_url" FROM "scraper_runs";
DROP TABLE "scraper_runs";
ALTER TABLE "new_scraper_runs" RENAME TO "scraper_runs";
CREATE INDEX "scraper_runs_user_id_created_at_idx" ON "scraper_runs"("user_id", "created_at");
CREATE INDEX "scraper_runs_scraper_id_user_id_idx" ON "scraper_runs"("scraper_id", "user_id");
CREATE INDEX "scraper_runs_status_lease_until_idx" ON "scraper_runs"("status", "lease_until");
CREATE INDEX "scraper_runs_batch_id_idx" ON "scraper_runs"("batch_id");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
