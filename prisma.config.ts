import { defineConfig } from "prisma/config";

// The CLI only generates the client here (see docs/decisions/0002-database-and-migrations.md);
// migrations are applied by scripts/migrate.mjs.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations", seed: "tsx prisma/seed.ts" },
  datasource: { url: process.env.DATABASE_URL ?? "file:./data/inkwell.db" },
});
