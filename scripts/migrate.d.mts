export const MIGRATIONS_DIRS: { sqlite: string; postgres: string };
export function sqlitePathFromUrl(url: string): string;
export function migrationsFor(
  engine: "sqlite" | "postgres",
): { name: string; sql: string; checksum: string }[];
export function migrate(
  url: string,
  options?: { log?: (message: string) => void },
): Promise<number>;
