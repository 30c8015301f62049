-- Prisma keeps enums on SQLite as TEXT and checks their values only in its client, so
-- `npm run db:migrate:create -- enum_columns` wrote nothing for SQLite. These triggers, written by hand, refuse
-- any other value in the database itself, as the enum types do on PostgreSQL. Existing rows pass through the
-- same check (the UPDATEs at the end), so a value outside its enum stops the migration. A later migration that
-- rebuilds one of these tables drops its triggers and must create them again: lib/db/enums.test.ts fails until
-- it does. (No semicolons in these comments: the engine splits the script at every one, comments included.)
CREATE TRIGGER "users_plan_insert" BEFORE INSERT ON "users"
WHEN NEW."plan" NOT IN ('free', 'pro', 'business')
BEGIN SELECT RAISE(ABORT, 'users.plan must be free, pro or business'); END;

CREATE TRIGGER "users_plan_update" BEFORE UPDATE OF "plan" ON "users"
WHEN NEW."plan" NOT IN ('free', 'pro', 'business')
BEGIN SELECT RAISE(ABORT, 'users.plan must be free, pro or business'); END;

CREATE TRIGGER "scrapers_enums_insert" BEFORE INSERT ON "scrapers"
WHEN NEW."kind" NOT IN ('product', 'social_profile', 'real_estate', 'job', 'news_article', 'restaurant')
  OR NEW."popularity" NOT IN ('Popular', 'New')
  OR NEW."required_plan" NOT IN ('free', 'pro', 'business')
BEGIN SELECT RAISE(ABORT, 'scrapers.kind, popularity or required_plan is outside its enum'); END;

CREATE TRIGGER "scrapers_enums_update" BEFORE UPDATE OF "kind", "popularity", "required_plan" ON "scrapers"
WHEN NEW."kind" NOT IN ('product', 'social_profile', 'real_estate', 'job', 'news_article', 'restaurant')
  OR NEW."popularity" NOT IN ('Popular', 'New')
  OR NEW."required_plan" NOT IN ('free', 'pro', 'business')
BEGIN SELECT RAISE(ABORT, 'scrapers.kind, popularity or required_plan is outside its enum'); END;

CREATE TRIGGER "scraper_runs_status_insert" BEFORE INSERT ON "scraper_runs"
WHEN NEW."status" NOT IN ('queued', 'running', 'success', 'failed', 'cancelled')
BEGIN SELECT RAISE(ABORT, 'scraper_runs.status must be queued, running, success, failed or cancelled'); END;

CREATE TRIGGER "scraper_runs_status_update" BEFORE UPDATE OF "status" ON "scraper_runs"
WHEN NEW."status" NOT IN ('queued', 'running', 'success', 'failed', 'cancelled')
BEGIN SELECT RAISE(ABORT, 'scraper_runs.status must be queued, running, success, failed or cancelled'); END;

UPDATE "users" SET "plan" = "plan";
UPDATE "scrapers" SET "kind" = "kind";
UPDATE "scraper_runs" SET "status" = "status";
