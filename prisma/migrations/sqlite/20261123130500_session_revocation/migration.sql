-- Written from the engine's draft with one change: the engine rebuilt "users" to add the column, which would drop
-- the plan triggers of 20261123094355_enum_columns. SQLite adds a NOT NULL column with a default in place, which
-- keeps them. (No semicolons in these comments: the engine splits the script at every one, comments included.)
CREATE TABLE "revoked_sessions" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "user_id" INTEGER NOT NULL,
    "expires_at" DATETIME NOT NULL,
    CONSTRAINT "revoked_sessions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

ALTER TABLE "users" ADD COLUMN "session_version" INTEGER NOT NULL DEFAULT 0;

CREATE INDEX "revoked_sessions_expires_at_idx" ON "revoked_sessions"("expires_at");
