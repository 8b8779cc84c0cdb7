export const TOKEN_PATH_PREFIXES: string[];
export const REDACTED: string;
export function redactTokens(text: string): string;
