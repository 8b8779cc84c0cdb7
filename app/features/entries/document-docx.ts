/**
 * A .docx without its authors (docs/decisions/0010-hardening.md): the core, app and custom
 * properties are replaced by empty ones, every author, initials and user id attribute (comments,
 * tracked changes, people.xml) is emptied, and an attached template's path (which often holds the
 * writer's user name) is replaced. The text of the story is left as it is.
 */
import { strToU8, strFromU8, zipSync, type Zippable } from "fflate";
import { readZip } from "~/utils/zip";

export const DOCX_LIMITS = { maxUnpackedBytes: 50 * 1024 * 1024, maxEntries: 5_000 };

const EMPTY_PARTS: Record<string, string> = {
  "docProps/core.xml":
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:dcmitype="http://purl.org/dc/dcmitype/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"></cp:coreProperties>',
  "docProps/app.xml":
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties" xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes"></Properties>',
  "docProps/custom.xml":
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/custom-properties" xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes"></Properties>',
};

/** author="…", w:author="…", w15:userId="…" and the like, in any namespace. */
const IDENTITY_ATTRIBUTE =
  /(\s(?:[A-Za-z_][\w.-]*:)?(?:author|initials|userId|providerId|lastModifiedBy|creator)\s*=\s*)("[^"]*"|'[^']*')/g;
/** An attached template is an external relationship whose target is a local path. */
const TEMPLATE_RELATIONSHIP =
  /(<Relationship\b[^>]*\/attachedTemplate"[^>]*\bTarget=)("[^"]*"|'[^']*')/g;

const STORED = /\.(png|jpe?g|gif|tiff?|wdp|emf|wmf|bmp|mp[34]|wav|zip|bin)$/i;

function isXml(name: string) {
  return /\.(xml|rels)$/i.test(name);
}

/** The .docx's parts, read within DOCX_LIMITS (throws ZipTooLarge / ZipUnreadable). */
export function readDocx(bytes: Uint8Array) {
  const entries = readZip(bytes, DOCX_LIMITS);
  if (!entries.some((e) => e.name === "[Content_Types].xml"))
    throw new Error("not an Office document");
  return entries;
}

export function stripDocx(bytes: Uint8Array): Uint8Array {
  const out: Zippable = {};
  for (const entry of readDocx(bytes)) {
    const key = entry.name.replace(/^\/+/, "");
    let data = entry.data;
    const empty = EMPTY_PARTS[key];
    if (empty) {
      data = strToU8(empty);
    } else if (isXml(key)) {
      const xml = strFromU8(entry.data);
      const cleaned = xml
        .replace(IDENTITY_ATTRIBUTE, '$1""')
        .replace(TEMPLATE_RELATIONSHIP, '$1"Normal.dotm"');
      if (cleaned !== xml) data = strToU8(cleaned);
    }
    out[key] = [data, { level: STORED.test(key) ? 0 : 6 }];
  }
  return zipSync(out);
}

/** The visible text of the document parts (body, headers, footers, notes, comments). */
export function docxText(bytes: Uint8Array): string {
  return readDocx(bytes)
    .filter((e) => /^word\/.*\.xml$/i.test(e.name))
    .map((e) => xmlText(strFromU8(e.data)))
    .join("\n");
}

function xmlText(xml: string) {
  return xml
    .replace(/<\/w:p>|<w:br\b[^>]*>|<w:tab\b[^>]*>/g, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#x([0-9a-f]{1,6});/gi, (_, h: string) => codePoint(parseInt(h, 16)))
    .replace(/&#(\d{1,7});/g, (_, d: string) => codePoint(Number(d)))
    .replace(/&amp;/g, "&");
}

function codePoint(n: number) {
  return n <= 0x10ffff ? String.fromCodePoint(n) : "\ufffd";
}
