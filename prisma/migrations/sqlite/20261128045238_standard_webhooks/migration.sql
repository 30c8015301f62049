ALTER TABLE "users" ADD COLUMN "webhook_secret_previous" TEXT;
ALTER TABLE "users" ADD COLUMN "webhook_secret_rotated_at" DATETIME;


CREATE TABLE "disabled_webhook_urls" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "user_id" INTEGER NOT NULL,
    "url" TEXT NOT NULL,
    "event_id" TEXT NOT NULL,
    "disabled_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "disabled_webhook_urls_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);


PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_webhook_deliveries" (
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
    "url_disabled" BOOLEAN NOT NULL DEFAULT false,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "webhook_deliveries_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "webhook_deliveries_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "scraper_runs" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "webhook_deliveries_batch_id_fkey" FOREIGN KEY ("batch_id") REFERENCES "run_batches" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_webhook_deliveries" ("attempts", "batch_id", "created_at", "delivered_at", "event_id", "id", "last_status", "next_attempt_at", "payload", "run_id", "type", "url", "user_id") SELECT "attempts", "batch_id", "created_at", "delivered_at", "event_id", "id", "last_status", "next_attempt_at", "payload", "run_id", "type", "url", "user_id" FROM "webhook_deliveries";
DROP TABLE "webhook_deliveries";
ALTER TABLE "new_webhook_deliveries" RENAME TO "webhook_deliveries";
CREATE UNIQUE INDEX "webhook_deliveries_event_id_key" ON "webhook_deliveries"("event_id");
CREATE INDEX "webhook_deliveries_next_attempt_at_idx" ON "webhook_deliveries"("next_attempt_at");
CREATE INDEX "webhook_deliveries_run_id_idx" ON "webhook_deliveries"("run_id");
CREATE INDEX "webhook_deliveries_batch_id_idx" ON "webhook_deliveries"("batch_id");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;


CREATE UNIQUE INDEX "disabled_webhook_urls_user_id_url_key" ON "disabled_webhook_urls"("user_id", "url");
