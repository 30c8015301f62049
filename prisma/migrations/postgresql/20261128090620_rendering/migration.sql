ALTER TABLE "scraper_runs" ADD COLUMN     "rendered" BOOLEAN NOT NULL DEFAULT false;


CREATE TABLE "run_screenshots" (
    "run_id" INTEGER NOT NULL,
    "png" BYTEA NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "run_screenshots_pkey" PRIMARY KEY ("run_id")
);


ALTER TABLE "run_screenshots" ADD CONSTRAINT "run_screenshots_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "scraper_runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
