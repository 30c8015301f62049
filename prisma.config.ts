import { defineConfig } from "prisma/config";

// Only `prisma generate` uses the CLI: migrations run through scripts/db (WebAssembly schema engine).
export default defineConfig({
  schema: "prisma/schema.prisma",
});
