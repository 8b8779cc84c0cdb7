// One-time links carry their credential in the path (/reset-password/<token> …). Logs keep the
// path with the token replaced, so an access log or the admin's e-mail log never holds a live
// link (docs/decisions/0025-accounts-and-tokens.md).

/** Path prefixes whose next segment is a one-time token. */
export const TOKEN_PATH_PREFIXES = [
  "consent",
  "reset-password",
  "set-password",
  "account/email",
  "account/email-cancel",
  "judge-invitation",
  "panel-invitation",
  "show-permission",
];

export const REDACTED = "[redacted]";

const pattern = new RegExp(
  `(/(?:${TOKEN_PATH_PREFIXES.map((p) => p.replace(/[/-]/g, "\\$&")).join("|")})/)[^/?#\\s"'<>)\\]]+`,
  "g",
);

/** The text (a URL, a path, an e-mail body) with every token path segment replaced. */
export function redactTokens(text: string): string {
  return text.replace(pattern, `$1${REDACTED}`);
}
