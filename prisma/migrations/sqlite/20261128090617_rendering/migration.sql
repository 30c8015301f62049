CREATE TABLE "run_screenshots" (
    "run_id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "png" BLOB NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "run_screenshots_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "scraper_runs" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);


-- Added in place (no table rebuild): SQLite takes a NOT NULL column with a constant default.
ALTER TABLE "scraper_runs" ADD COLUMN "rendered" BOOLEAN NOT NULL DEFAULT false;
