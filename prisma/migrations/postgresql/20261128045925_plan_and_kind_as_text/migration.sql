-- Plans and scraper kinds become text: the lists are the code's (lib/config/plans.ts, lib/scrapers/kinds.ts), so a
-- new plan tier or scraper kind needs no migration. Written by hand: the generated script dropped and re-added
-- the columns, which would lose every value. (No semicolons in comments: the engine splits at every one.)
ALTER TABLE "users" ALTER COLUMN "plan" DROP DEFAULT;
ALTER TABLE "users" ALTER COLUMN "plan" TYPE TEXT USING "plan"::text;
ALTER TABLE "users" ALTER COLUMN "plan" SET DEFAULT 'free';

ALTER TABLE "scrapers" ALTER COLUMN "kind" TYPE TEXT USING "kind"::text;
ALTER TABLE "scrapers" ALTER COLUMN "required_plan" DROP DEFAULT;
ALTER TABLE "scrapers" ALTER COLUMN "required_plan" TYPE TEXT USING "required_plan"::text;
ALTER TABLE "scrapers" ALTER COLUMN "required_plan" SET DEFAULT 'free';

DROP TYPE "plan_id";
DROP TYPE "scraper_kind";
