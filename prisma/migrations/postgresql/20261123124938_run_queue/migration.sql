ALTER TABLE "scraper_runs" ADD COLUMN     "attempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "batch_id" INTEGER,
ADD COLUMN     "include_reviews" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "lease_until" TIMESTAMP(3),
ADD COLUMN     "quota_month" TEXT,
ADD COLUMN     "started_at" TIMESTAMP(3),
ADD COLUMN     "webhook_url" TEXT,
ALTER COLUMN "status" SET DEFAULT 'queued';


ALTER TABLE "users" ADD COLUMN     "webhook_secret" TEXT;


CREATE TABLE "run_batches" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "scraper_id" INTEGER NOT NULL,
    "total" INTEGER NOT NULL,
    "webhook_url" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completed_at" TIMESTAMP(3),
    "cancelled_at" TIMESTAMP(3),

    CONSTRAINT "run_batches_pkey" PRIMARY KEY ("id")
);


CREATE TABLE "idempotency_keys" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "key" TEXT NOT NULL,
    "request_hash" TEXT NOT NULL,
    "response_status" INTEGER,
    "response_body" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY ("id")
);


CREATE TABLE "webhook_deliveries" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "run_id" INTEGER,
    "batch_id" INTEGER,
    "event_id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_status" INTEGER,
    "next_attempt_at" TIMESTAMP(3),
    "delivered_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id")
);


CREATE INDEX "run_batches_user_id_created_at_idx" ON "run_batches"("user_id", "created_at");


CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys"("created_at");


CREATE UNIQUE INDEX "idempotency_keys_user_id_key_key" ON "idempotency_keys"("user_id", "key");


CREATE UNIQUE INDEX "webhook_deliveries_event_id_key" ON "webhook_deliveries"("event_id");


CREATE INDEX "webhook_deliveries_next_attempt_at_idx" ON "webhook_deliveries"("next_attempt_at");


CREATE INDEX "webhook_deliveries_run_id_idx" ON "webhook_deliveries"("run_id");


CREATE INDEX "webhook_deliveries_batch_id_idx" ON "webhook_deliveries"("batch_id");


CREATE INDEX "scraper_runs_status_lease_until_idx" ON "scraper_runs"("status", "lease_until");


CREATE INDEX "scraper_runs_batch_id_idx" ON "scraper_runs"("batch_id");


ALTER TABLE "scraper_runs" ADD CONSTRAINT "scraper_runs_batch_id_fkey" FOREIGN KEY ("batch_id") REFERENCES "run_batches"("id") ON DELETE CASCADE ON UPDATE CASCADE;


ALTER TABLE "run_batches" ADD CONSTRAINT "run_batches_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;


ALTER TABLE "run_batches" ADD CONSTRAINT "run_batches_scraper_id_fkey" FOREIGN KEY ("scraper_id") REFERENCES "scrapers"("id") ON DELETE CASCADE ON UPDATE CASCADE;


ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;


ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;


ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "scraper_runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;


ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_batch_id_fkey" FOREIGN KEY ("batch_id") REFERENCES "run_batches"("id") ON DELETE CASCADE ON UPDATE CASCADE;
