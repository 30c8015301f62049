-- Written by `npm run db:migrate:create -- enum_columns`, then edited to keep the data: the script the engine
-- wrote dropped and re-added each column. Each column is cast in place instead, and a value outside its enum
-- makes its cast fail and stops the migration (the code has only ever written values of these lists).
-- (No semicolons in these comments: the engine splits the script at every one, comments included.)
CREATE TYPE "plan_id" AS ENUM ('free', 'pro', 'business');

CREATE TYPE "scraper_kind" AS ENUM ('product', 'social_profile', 'real_estate', 'job', 'news_article', 'restaurant');

CREATE TYPE "popularity" AS ENUM ('Popular', 'New');

CREATE TYPE "run_status" AS ENUM ('queued', 'running', 'success', 'failed', 'cancelled');

ALTER TABLE "scraper_runs"
ALTER COLUMN "status" DROP DEFAULT,
ALTER COLUMN "status" TYPE "run_status" USING ("status"::"run_status"),
ALTER COLUMN "status" SET DEFAULT 'running';

ALTER TABLE "scrapers"
ALTER COLUMN "kind" TYPE "scraper_kind" USING ("kind"::"scraper_kind"),
ALTER COLUMN "popularity" TYPE "popularity" USING ("popularity"::"popularity"),
ALTER COLUMN "required_plan" DROP DEFAULT,
ALTER COLUMN "required_plan" TYPE "plan_id" USING ("required_plan"::"plan_id"),
ALTER COLUMN "required_plan" SET DEFAULT 'free';

ALTER TABLE "users"
ALTER COLUMN "plan" DROP DEFAULT,
ALTER COLUMN "plan" TYPE "plan_id" USING ("plan"::"plan_id"),
ALTER COLUMN "plan" SET DEFAULT 'free';
