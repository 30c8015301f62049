ALTER TABLE "users" ADD COLUMN "webhook_secret" TEXT;


CREATE TABLE "run_batches" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "user_id" INTEGER NOT NULL,
    "scraper_id" INTEGER NOT NULL,
    "total" INTEGER NOT NULL,
    "webhook_url" TEXT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completed_at" DATETIME,
    "cancelled_at" DATETIME,
    CONSTRAINT "run_batches_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "run_batches_scraper_id_fkey" FOREIGN KEY ("scraper_id") REFERENCES "scrapers" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);


CREATE TABLE "idempotency_keys" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "user_id" INTEGER NOT NULL,
    "key" TEXT NOT NULL,
    "request_hash" TEXT NOT NULL,
    "response_status" INTEGER,
    "response_body" TEXT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "idempotency_keys_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);


CREATE TABLE "webhook_deliveries" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "user_id" INTEGER NOT NULL,
    "run_id" INTEGER,
    "batch_id" INTEGER,
    "event_id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_status" INTEGER,
    "next_attempt_at" DATETIME,
    "delivered_at" DATETIME,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "webhook_deliveries_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "webhook_deliveries_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "scraper_runs" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "webhook_deliveries_batch_id_fkey" FOREIGN KEY ("batch_id") REFERENCES "run_batches" ("id") ON DELETE CASCADE ON UPDATE CASCADE
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
    "webhook_url" TEXT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" DATETIME,
    CONSTRAINT "scraper_runs_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "scraper_runs_api_key_id_fkey" FOREIGN KEY ("api_key_id") REFERENCES "api_keys" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "scraper_runs_scraper_id_fkey" FOREIGN KEY ("scraper_id") REFERENCES "scrapers" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "scraper_runs_batch_id_fkey" FOREIGN KEY ("batch_id") REFERENCES "run_batches" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_scraper_runs" ("api_key_id", "created_at", "duration_ms", "error", "error_code", "finished_at", "id", "item_count", "result_data", "scraper_id", "status", "url", "user_id") SELECT "api_key_id", "created_at", "duration_ms", "error", "error_code", "finished_at", "id", "item_count", "result_data", "scraper_id", "status", "url", "user_id" FROM "scraper_runs";
DROP TABLE "scraper_runs";
ALTER TABLE "new_scraper_runs" RENAME TO "scraper_runs";
CREATE INDEX "scraper_runs_user_id_created_at_idx" ON "scraper_runs"("user_id", "created_at");
CREATE INDEX "scraper_runs_scraper_id_user_id_idx" ON "scraper_runs"("scraper_id", "user_id");
CREATE INDEX "scraper_runs_status_lease_until_idx" ON "scraper_runs"("status", "lease_until");
CREATE INDEX "scraper_runs_batch_id_idx" ON "scraper_runs"("batch_id");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;


CREATE INDEX "run_batches_user_id_created_at_idx" ON "run_batches"("user_id", "created_at");


CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys"("created_at");


CREATE UNIQUE INDEX "idempotency_keys_user_id_key_key" ON "idempotency_keys"("user_id", "key");


CREATE UNIQUE INDEX "webhook_deliveries_event_id_key" ON "webhook_deliveries"("event_id");


CREATE INDEX "webhook_deliveries_next_attempt_at_idx" ON "webhook_deliveries"("next_attempt_at");


CREATE INDEX "webhook_deliveries_run_id_idx" ON "webhook_deliveries"("run_id");


CREATE INDEX "webhook_deliveries_batch_id_idx" ON "webhook_deliveries"("batch_id");


-- Rebuilding scraper_runs dropped the status triggers of 20261123094355_enum_columns: written again by hand
-- (no semicolons in these comments: the engine splits the script at every one).
CREATE TRIGGER "scraper_runs_status_insert" BEFORE INSERT ON "scraper_runs"
WHEN NEW."status" NOT IN ('queued', 'running', 'success', 'failed', 'cancelled')
BEGIN SELECT RAISE(ABORT, 'scraper_runs.status must be queued, running, success, failed or cancelled'); END;

CREATE TRIGGER "scraper_runs_status_update" BEFORE UPDATE OF "status" ON "scraper_runs"
WHEN NEW."status" NOT IN ('queued', 'running', 'success', 'failed', 'cancelled')
BEGIN SELECT RAISE(ABORT, 'scraper_runs.status must be queued, running, success, failed or cancelled'); END;
