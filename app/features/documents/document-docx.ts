/**
 * A .docx without its authors (docs/decisions/0010-hardening.md, 0024-hostile-documents.md): the
 * core, app and custom properties are replaced by empty ones, every author, initials and user id
 * attribute (comments, tracked changes, people.xml) is emptied, document variables and custom
 * XML parts are dropped, external targets that are not web links (an attached template's path,
 * file:///C:/Users/<name>/… links) are replaced, images lose their EXIF/XMP and text chunks, and
 * embedded Office packages are cleaned the same way (other embedded objects are emptied). The
 * text of the story is left as it is.
 */
import { strToU8, strFromU8, zipSync, type Zippable } from "fflate";
import { ZipTooLarge, readZip } from "~/utils/zip";
import { editXml, xmlText } from "./document-xml";
import { stripImage } from "./image-metadata";
import { withLinkWords } from "./carried-text";

/** A story's parts are small: no one part may unpack past 20 MB, nor all of them past 50 MB. */
export const DOCX_LIMITS = {
  maxUnpackedBytes: 50 * 1024 * 1024,
  maxPartBytes: 20 * 1024 * 1024,
  maxEntries: 5_000,
};
const EMBEDDED_LIMITS = {
  maxUnpackedBytes: 10 * 1024 * 1024,
  maxPartBytes: 10 * 1024 * 1024,
  maxEntries: 1_000,
};

const EMPTY_PARTS: Record<string, string> = {
  "docProps/core.xml":
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:dcmitype="http://purl.org/dc/dcmitype/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"></cp:coreProperties>',
  "docProps/app.xml":
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties" xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes"></Properties>',
  "docProps/custom.xml":
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/custom-properties" xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes"></Properties>',
};

/** author="…", w:author="…", w15:userId="…" and the like, in any namespace. */
const IDENTITY_ATTRIBUTES = new Set([
  "author",
  "initials",
  "userId",
  "providerId",
  "lastModifiedBy",
  "creator",
  // A picture's or shape's alt text and title (wp:docPr, pic:cNvPr; VML alt and o:title) and a
  // link's tooltip: text no reader of the story sees, often "Photo of <name>" (ADR 0046).
  "descr",
  "title",
  "alt",
  "tooltip",
]);
/** Elements whose `name` is a picture's or shape's name: often the file's, e.g. "quentin.png". */
const NAMED_OBJECTS = new Set(["docPr", "cNvPr"]);
/**
 * Document variables (w:docVar) are name/value pairs add-ins store, often the user's name;
 * custom XML properties (w:customXmlPr) hold data bound from customXml parts.
 */
const DROPPED_ELEMENTS = new Set(["docVar", "customXmlPr"]);

const STORED = /\.(png|jpe?g|gif|tiff?|wdp|emf|wmf|bmp|mp[34]|wav|zip|bin)$/i;
/** Office packages embedded in a document (a chart's workbook, a pasted sheet). */
const PACKAGE = /\.(docx|docm|dotx|xlsx|xlsm|xltx|pptx|pptm|potx|ppsx)$/i;
/** Embedded packages inside embedded packages are emptied rather than opened (and parts of parts…). */
const MAX_NESTING = 1;

function isXml(name: string) {
  return /\.(xml|rels)$/i.test(name);
}

/**
 * Parts dropped whole: custom XML data stores (customXml/…) hold whatever an add-in or a
 * template put there, often the user's name or e-mail.
 */
function droppedPart(name: string) {
  return /^customXml\//i.test(name);
}

/** The .docx's parts, read within DOCX_LIMITS (throws ZipTooLarge / ZipUnreadable). */
export function readDocx(bytes: Uint8Array, limits = DOCX_LIMITS) {
  const entries = readZip(bytes, limits);
  if (!entries.some((e) => e.name === "[Content_Types].xml"))
    throw new Error("not an Office document");
  return entries;
}

/** Where a relationship in `relsName` (e.g. word/_rels/document.xml.rels) points, as a part name. */
function relationshipTarget(relsName: string, target: string) {
  const base = relsName.replace(/_rels\/[^/]*$/, "");
  const parts = (target.startsWith("/") ? target.slice(1) : base + target).split("/");
  const out: string[] = [];
  for (const p of parts) {
    if (p === "..") out.pop();
    else if (p !== "." && p !== "") out.push(p);
  }
  return out.join("/");
}

/** External targets kept as they are: web links. Local paths and shares name the user. */
const SAFE_EXTERNAL = /^https?:\/\//i;

function cleanXml(key: string, xml: string, dropped: (part: string) => boolean) {
  return editXml(xml, {
    dropElements: DROPPED_ELEMENTS,
    emptyAttributes: IDENTITY_ATTRIBUTES,
    element(name, attributes) {
      if (name === "Relationship") {
        const target = attributes.Target ?? "";
        if (attributes.TargetMode === "External") {
          if (SAFE_EXTERNAL.test(target)) return undefined;
          // An attached template's path often holds the writer's user name.
          const safe = /\/attachedTemplate$/.test(attributes.Type ?? "")
            ? "Normal.dotm"
            : "about:blank";
          return target === safe ? undefined : { ...attributes, Target: safe };
        }
        return dropped(relationshipTarget(key, target)) ? null : undefined;
      }
      if (NAMED_OBJECTS.has(name.slice(name.indexOf(":") + 1)) && attributes.name) {
        const neutral = `Picture ${attributes.id ?? ""}`.trim();
        return attributes.name === neutral ? undefined : { ...attributes, name: neutral };
      }
      if (name === "Override" && key === "[Content_Types].xml")
        return dropped((attributes.PartName ?? "").replace(/^\/+/, "")) ? null : undefined;
      return undefined;
    },
  });
}

/**
 * The package without its authors: used for the .docx itself and, once more, for each Office
 * package embedded in it. Other embedded objects (OLE .bin files, which can carry any file and
 * its path) are emptied.
 */
function cleanPackage(bytes: Uint8Array, nesting: number): Uint8Array {
  const limits = nesting === 0 ? DOCX_LIMITS : EMBEDDED_LIMITS;
  const out: Zippable = {};
  const entries = readDocx(bytes, limits);
  for (const entry of entries) {
    const key = entry.name.replace(/^\/+/, "");
    if (droppedPart(key)) continue;
    let data = entry.data;
    const empty = EMPTY_PARTS[key];
    if (empty) {
      data = strToU8(empty);
    } else if (isXml(key)) {
      const xml = strFromU8(entry.data);
      const cleaned = cleanXml(key, xml, droppedPart);
      if (cleaned !== xml) data = strToU8(cleaned);
    } else if (PACKAGE.test(key)) {
      data = nesting < MAX_NESTING ? cleanEmbedded(data, nesting + 1) : new Uint8Array(0);
    } else if (/\.bin$/i.test(key)) {
      data = new Uint8Array(0);
    } else {
      data = stripImage(key, data) ?? data;
    }
    out[key] = [data, { level: STORED.test(key) ? 0 : 6 }];
  }
  return zipSync(out);
}

function cleanEmbedded(bytes: Uint8Array, nesting: number) {
  try {
    return cleanPackage(bytes, nesting);
  } catch (error) {
    // Past the bounds: the whole document is refused. Unreadable: the object is emptied.
    if (error instanceof ZipTooLarge) throw error;
    return new Uint8Array(0);
  }
}

export function stripDocx(bytes: Uint8Array): Uint8Array {
  return cleanPackage(bytes, 0);
}

/**
 * Every text of the document's parts (ADR 0046): body, text boxes, headers, footers, notes,
 * comments, field codes (as words too), pictures' alt text, titles and names, and every external
 * relationship's target (a link, as words too). For the identity check, not for reading.
 */
export function docxText(bytes: Uint8Array): string {
  const out: string[] = [];
  for (const e of readDocx(bytes)) {
    const name = e.name.replace(/^\/+/, "");
    if (/^word\/.*\.xml$/i.test(name)) out.push(xmlText(strFromU8(e.data), CARRIED_ATTRIBUTES));
    else if (/\.rels$/i.test(name)) out.push(externalTargets(strFromU8(e.data)));
  }
  return out.filter(Boolean).join("\n");
}

/**
 * Attributes (by local name) whose values are text a document carries; `name` only of pictures
 * and shapes (a font's or a style's name is not the writer's).
 */
const CARRIED_ATTRIBUTES = (element: string, attribute: string) =>
  attribute === "name"
    ? NAMED_OBJECTS.has(element)
    : ["descr", "title", "alt", "tooltip"].includes(attribute);

/** The targets of a relationships part's external relationships, each as written and as words. */
function externalTargets(xml: string): string {
  const out: string[] = [];
  editXml(xml, {
    element(name, attributes) {
      if (name === "Relationship" && attributes.TargetMode === "External" && attributes.Target)
        out.push(withLinkWords(attributes.Target));
      return undefined;
    },
  });
  return out.join("\n");
}
