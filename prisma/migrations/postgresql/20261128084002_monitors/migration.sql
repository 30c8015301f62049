CREATE TABLE "monitors" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "scraper_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "urls" TEXT NOT NULL,
    "cron" TEXT,
    "time_zone" TEXT,
    "every_ms" BIGINT,
    "fields" TEXT,
    "options" TEXT,
    "webhook_url" TEXT,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "paused_reason" TEXT,
    "failure_threshold" INTEGER NOT NULL DEFAULT 3,
    "consecutive_failures" INTEGER NOT NULL DEFAULT 0,
    "quota_notified_month" TEXT,
    "baseline" TEXT,
    "last_check_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "monitors_pkey" PRIMARY KEY ("id")
);


CREATE TABLE "monitor_checks" (
    "id" SERIAL NOT NULL,
    "monitor_id" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "manual" BOOLEAN NOT NULL DEFAULT false,
    "due_at" TIMESTAMP(3) NOT NULL,
    "results" TEXT,
    "error" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMP(3),

    CONSTRAINT "monitor_checks_pkey" PRIMARY KEY ("id")
);


CREATE INDEX "monitors_user_id_created_at_idx" ON "monitors"("user_id", "created_at");


CREATE INDEX "monitor_checks_monitor_id_id_idx" ON "monitor_checks"("monitor_id", "id");


CREATE INDEX "monitor_checks_status_created_at_idx" ON "monitor_checks"("status", "created_at");


ALTER TABLE "monitors" ADD CONSTRAINT "monitors_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;


ALTER TABLE "monitors" ADD CONSTRAINT "monitors_scraper_id_fkey" FOREIGN KEY ("scraper_id") REFERENCES "scrapers"("id") ON DELETE CASCADE ON UPDATE CASCADE;


ALTER TABLE "monitor_checks" ADD CONSTRAINT "monitor_checks_monitor_id_fkey" FOREIGN KEY ("monitor_id") REFERENCES "monitors"("id") ON DELETE CASCADE ON UPDATE CASCADE;
