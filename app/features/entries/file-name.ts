/**
 * The name an uploaded file is shown under (docs/decisions/0010-hardening.md). The file itself is
 * stored under a generated key; its original name is kept only to show to the entrant and admins.
 * Any name a browser can send is accepted: control and direction-changing characters are removed,
 * path separators become "_", and long names are shortened keeping the extension.
 */
export const MAX_FILE_NAME_LENGTH = 200;

// C0 and C1 controls other than whitespace, DEL; zero-width and bidirectional formatting
// characters; the BOM. (Tabs and line breaks become spaces below.)
const INVISIBLE =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000e-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;

export function displayFileName(raw: string): string {
  const cleaned = raw
    // Browsers send a quote as %22 and line breaks as %0D / %0A (HTML's multipart encoding).
    .replace(/%22/gi, '"')
    .replace(/%0[ad]/gi, " ")
    .normalize("NFC")
    .replace(INVISIBLE, "")
    .replace(/[/\\]/g, "_")
    .replace(/\s+/g, " ")
    .trim();
  const chars = Array.from(cleaned);
  if (chars.length <= MAX_FILE_NAME_LENGTH) return cleaned;
  const ext = /\.[A-Za-z0-9]{1,8}$/.exec(cleaned)?.[0] ?? "";
  return (
    chars
      .slice(0, MAX_FILE_NAME_LENGTH - ext.length)
      .join("")
      .trimEnd() + ext
  );
}
