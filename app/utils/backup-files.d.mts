export declare const BACKUP_PREFIX: "backups/";
export declare function backupKey(now: Date): string;
export declare function backupTime(key: string): Date | null;
export declare function sortBackups(keys: string[]): string[];
export declare function backupsToDelete(keys: string[], keep: number): string[];
export declare function formatBytes(bytes: number): string;
export declare function sqliteFile(url: string): string;
