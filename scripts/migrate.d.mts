export function sqlitePathFromUrl(url: string): string;
export function migrate(url: string, opts?: { log?: (message: string) => void }): number;
