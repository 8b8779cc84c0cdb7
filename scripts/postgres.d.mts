export function ensurePostgresInstalled(): string;
export function startPostgres(options?: { user?: string }): Promise<{
  url: (database: string) => string;
  admin: (sql: string) => Promise<Record<string, unknown>[]>;
  stop: () => void;
  port: number;
  dir: string;
}>;
