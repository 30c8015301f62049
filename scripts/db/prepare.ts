// npm run dev runs this first: apply pending migrations, seed the catalogue on an empty database.
import "../load-env";
import { prepareDatabase } from "../../lib/db/prepare";
import { env } from "../../lib/env";

const { seeded } = await prepareDatabase(env.DATABASE_URL);
if (seeded) console.log("Seeded the catalogue.");
process.exit(0);
