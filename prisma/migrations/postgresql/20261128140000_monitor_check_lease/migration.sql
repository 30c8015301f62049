-- A running check's lease (lib/monitors/checks.ts): a check whose worker died is settled once it is past.
ALTER TABLE "monitor_checks" ADD COLUMN "lease_until" TIMESTAMP(3);
