export class RestoreError extends Error {}
export type BackupSource = {
  where: string;
  list(): Promise<{ key: string; size: number }[]>;
  download(key: string, file: string): Promise<boolean>;
};
export function backupSource(env?: Record<string, string | undefined>): Promise<BackupSource>;
export function listBackups(
  source: BackupSource,
): Promise<{ key: string; size: number; takenAt: Date }[]>;
export function assertStopped(database: string, options?: { force?: boolean; now?: Date }): void;
export function checkBackup(file: string): { missing: string[]; unknown: string[] };
export function restore(options: {
  databaseUrl: string;
  backup: string;
  source: BackupSource;
  force?: boolean;
  now?: Date;
  log?: (message: string) => void;
}): Promise<{
  database: string;
  from: string;
  setAside: string | null;
  size: number;
  missingMigrations: string[];
}>;
