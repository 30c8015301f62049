CREATE TABLE "job_schedules" (
    "queue" TEXT NOT NULL,
    "id" TEXT NOT NULL,
    "cron" TEXT,
    "time_zone" TEXT,
    "every_ms" BIGINT,
    "data" TEXT NOT NULL,
    "next_run_at" TIMESTAMP(3) NOT NULL,
    "running_token" TEXT,
    "running_until" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "job_schedules_pkey" PRIMARY KEY ("queue","id")
);


CREATE INDEX "job_schedules_next_run_at_idx" ON "job_schedules"("next_run_at");
