ALTER TABLE "webhook_deliveries" ADD COLUMN     "crawl_id" INTEGER;


CREATE TABLE "crawls" (
    "id" SERIAL NOT NULL,
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
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMP(3),
    "finished_at" TIMESTAMP(3),

    CONSTRAINT "crawls_pkey" PRIMARY KEY ("id")
);


CREATE TABLE "crawl_pages" (
    "id" SERIAL NOT NULL,
    "crawl_id" INTEGER NOT NULL,
    "url" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "host" TEXT NOT NULL,
    "depth" INTEGER NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'queued',
    "run_id" INTEGER,
    "error_code" TEXT,
    "error" TEXT,
    "lease_until" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMP(3),

    CONSTRAINT "crawl_pages_pkey" PRIMARY KEY ("id")
);


CREATE INDEX "crawls_user_id_created_at_idx" ON "crawls"("user_id", "created_at");


CREATE INDEX "crawls_status_idx" ON "crawls"("status");


CREATE INDEX "crawl_pages_crawl_id_state_idx" ON "crawl_pages"("crawl_id", "state");


CREATE INDEX "crawl_pages_state_lease_until_idx" ON "crawl_pages"("state", "lease_until");


CREATE UNIQUE INDEX "crawl_pages_crawl_id_key_key" ON "crawl_pages"("crawl_id", "key");


CREATE INDEX "webhook_deliveries_crawl_id_idx" ON "webhook_deliveries"("crawl_id");


ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_crawl_id_fkey" FOREIGN KEY ("crawl_id") REFERENCES "crawls"("id") ON DELETE CASCADE ON UPDATE CASCADE;


ALTER TABLE "crawls" ADD CONSTRAINT "crawls_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;


ALTER TABLE "crawls" ADD CONSTRAINT "crawls_scraper_id_fkey" FOREIGN KEY ("scraper_id") REFERENCES "scrapers"("id") ON DELETE CASCADE ON UPDATE CASCADE;


ALTER TABLE "crawl_pages" ADD CONSTRAINT "crawl_pages_crawl_id_fkey" FOREIGN KEY ("crawl_id") REFERENCES "crawls"("id") ON DELETE CASCADE ON UPDATE CASCADE;


ALTER TABLE "crawl_pages" ADD CONSTRAINT "crawl_pages_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "scraper_runs"("id") ON DELETE SET NULL ON UPDATE CASCADE;
