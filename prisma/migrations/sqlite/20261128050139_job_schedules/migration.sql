CREATE TABLE "job_schedules" (
    "queue" TEXT NOT NULL,
    "id" TEXT NOT NULL,
    "cron" TEXT,
    "time_zone" TEXT,
    "every_ms" BIGINT,
    "data" TEXT NOT NULL,
    "next_run_at" DATETIME NOT NULL,
    "running_token" TEXT,
    "running_until" DATETIME,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,

    PRIMARY KEY ("queue", "id")
);


CREATE INDEX "job_schedules_next_run_at_idx" ON "job_schedules"("next_run_at");
