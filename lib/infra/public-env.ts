// The settings a browser may see, read here and only here: client code cannot import lib/infra/env.ts, which holds the
// secrets. Next inlines nothing from process.env outside NEXT_PUBLIC_*, so in the browser these are the defaults;
// server code reads the same settings, validated, through lib/infra/env.ts.
import { z } from "zod";

export const publicEnvSchema = z.object({
  /** Public origin of the app, used in absolute links (API docs, sitemap, metadata). */
  APP_URL: z.url().default("http://localhost:3000"),
});

export const publicEnv = publicEnvSchema.parse({ APP_URL: process.env.APP_URL });
