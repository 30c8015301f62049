ALTER TABLE "scraper_runs" ADD COLUMN     "options" TEXT,
ADD COLUMN     "origin_id" INTEGER,
ADD COLUMN     "origin_kind" TEXT,
ADD COLUMN     "outputs" TEXT;


CREATE INDEX "scraper_runs_origin_kind_origin_id_idx" ON "scraper_runs"("origin_kind", "origin_id");
