ALTER TABLE "crawl_pages" ADD COLUMN     "retries" INTEGER NOT NULL DEFAULT 0;


ALTER TABLE "scraper_runs" ADD COLUMN     "upstream_retry_after" INTEGER,
ADD COLUMN     "upstream_status" INTEGER;
