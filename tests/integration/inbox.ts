import { devInbox } from "~/utils/email.server";

/**
 * The live text of messages sent to `to` (newest first), from the in-memory development inbox:
 * the e-mail log keeps only the redacted text (docs/decisions/0025-accounts-and-tokens.md).
 */
export function liveMails(to: string) {
  return devInbox.filter((m) => m.to === to);
}

/** The token of the newest link under `/prefix/` sent to `to`, or "". */
export function linkToken(to: string, prefix: string) {
  const re = new RegExp(`/${prefix}/([A-Za-z0-9_-]+)`);
  for (const m of liveMails(to)) {
    const found = re.exec(m.text)?.[1];
    if (found) return found;
  }
  return "";
}
