// The scripts read .env the way `next` does, so `npm start`, `npm run dev` and the db commands agree on
// DATABASE_URL, AUTH_SECRET and PORT. Variables already set in the environment win. Import it first.
import { existsSync } from "node:fs";
import path from "node:path";

const envFile = path.resolve(import.meta.dirname, "..", ".env");
if (existsSync(envFile)) process.loadEnvFile(envFile);
