export function ensurePostgresInstalled(): string;
export function startPostgres(options?: {
  user?: string;
  settings?: Record<string, string | number>;
}): Promise<{
  url: (database: string) => string;
  admin: (sql: string) => Promise<Record<string, unknown>[]>;
  stop: () => void;
  port: number;
  dir: string;
  log: string;
}>;
