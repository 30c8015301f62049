ALTER TABLE "scraper_runs" ADD COLUMN "options" TEXT;
ALTER TABLE "scraper_runs" ADD COLUMN "origin_id" INTEGER;
ALTER TABLE "scraper_runs" ADD COLUMN "origin_kind" TEXT;
ALTER TABLE "scraper_runs" ADD COLUMN "outputs" TEXT;


CREATE INDEX "scraper_runs_origin_kind_origin_id_idx" ON "scraper_runs"("origin_kind", "origin_id");
