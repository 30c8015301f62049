ALTER TABLE "scraper_runs" ADD COLUMN "slot_token" TEXT;
