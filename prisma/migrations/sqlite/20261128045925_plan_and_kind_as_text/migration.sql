-- Plans and scraper kinds become text: the lists are the code's (lib/config/plans.ts, lib/scrapers/kinds.ts), so a
-- new plan tier or scraper kind needs no migration. SQLite kept them as TEXT already; only the triggers that held
-- them to a fixed list go. The popularity check stays (an enum of the schema). Written by hand: Prisma sees no change
-- on SQLite. (No semicolons in comments: the engine splits at every one.)
DROP TRIGGER "users_plan_insert";
DROP TRIGGER "users_plan_update";
DROP TRIGGER "scrapers_enums_insert";
DROP TRIGGER "scrapers_enums_update";

CREATE TRIGGER "scrapers_popularity_insert" BEFORE INSERT ON "scrapers"
WHEN NEW."popularity" NOT IN ('Popular', 'New')
BEGIN SELECT RAISE(ABORT, 'scrapers.popularity must be Popular or New'); END;

CREATE TRIGGER "scrapers_popularity_update" BEFORE UPDATE OF "popularity" ON "scrapers"
WHEN NEW."popularity" NOT IN ('Popular', 'New')
BEGIN SELECT RAISE(ABORT, 'scrapers.popularity must be Popular or New'); END;
