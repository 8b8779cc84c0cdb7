/**
 * Office XML read and edited with a tokenizer (htmlparser2 in XML mode), in one linear pass
 * (docs/decisions/0024-hostile-documents.md). Regular expressions over tags were quadratic on
 * hostile input: a 1 KB .docx whose document.xml ended in 120,000 "<" held a process for 12 s.
 * Edits are made on the original text (only the tags that change are rewritten), so every
 * other byte of a part stays as Word wrote it.
 */
import { Parser } from "htmlparser2";
import { withLinkWords } from "./carried-text";

const localName = (name: string) => name.slice(name.indexOf(":") + 1);

/**
 * The text of a WordprocessingML part: one line per paragraph, breaks and tabs as line breaks.
 * Field codes (w:instrText) are also given as words (a link's target in a HYPERLINK field), and
 * the values of the attributes `attributes` picks (by local names, e.g. a picture's alt text), each on a line of its
 * own (docs/decisions/0046-every-text-a-document-carries.md).
 */
export function xmlText(
  xml: string,
  attributes?: (element: string, attribute: string) => boolean,
): string {
  const out: string[] = [];
  let field: string[] | null = null;
  const parser = new Parser(
    {
      ontext: (text) => (field ?? out).push(text),
      onopentag: (name, attrs) => {
        if (name === "w:br" || name === "w:tab") out.push("\n");
        else if (name === "w:instrText") field = [];
        if (attributes)
          for (const [key, value] of Object.entries(attrs))
            if (value && attributes(localName(name), localName(key))) out.push(`\n${value}\n`);
      },
      onclosetag: (name) => {
        if (name === "w:p") out.push("\n");
        else if (name === "w:instrText" && field) {
          out.push(withLinkWords(field.join("")), "\n");
          field = null;
        }
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.end(xml);
  return out.join("");
}

export type XmlEdits = {
  /** Elements removed with everything inside them (matched by local name, e.g. "docVar"). */
  dropElements?: Set<string>;
  /** Attributes (by local name) whose values are emptied. */
  emptyAttributes?: Set<string>;
  /**
   * Any other change to one element's attributes: return the new attributes, `null` to remove
   * the element, or `undefined` to leave it.
   */
  element?: (
    name: string,
    attributes: Record<string, string>,
  ) => Record<string, string> | null | undefined;
};

const escapeAttribute = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");

/** The part with the edits made; the same string when nothing changed. */
export function editXml(xml: string, edits: XmlEdits): string {
  const changes: [number, number, string][] = [];
  let dropping: { name: string; start: number; depth: number } | null = null;
  let depth = 0;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        depth++;
        if (dropping) return;
        const start = parser.startIndex;
        const end = parser.endIndex;
        const local = localName(name);
        if (edits.dropElements?.has(local)) {
          dropping = { name, start, depth };
          return;
        }
        let next: Record<string, string> | null | undefined = undefined;
        for (const [key, value] of Object.entries(attributes)) {
          if (value && edits.emptyAttributes?.has(localName(key))) {
            next ??= { ...attributes };
            next[key] = "";
          }
        }
        const changed = edits.element?.(name, next ?? attributes);
        if (changed === null) {
          dropping = { name, start, depth };
          return;
        }
        next = changed ?? next;
        if (!next) return;
        const selfClosing = xml.slice(start, end + 1).endsWith("/>");
        const attrs = Object.entries(next)
          .map(([k, v]) => ` ${k}="${escapeAttribute(v)}"`)
          .join("");
        changes.push([start, end + 1, `<${name}${attrs}${selfClosing ? "/>" : ">"}`]);
      },
      onclosetag(name) {
        if (dropping && dropping.depth === depth && dropping.name === name) {
          changes.push([dropping.start, parser.endIndex + 1, ""]);
          dropping = null;
        }
        depth--;
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.end(xml);
  if (changes.length === 0) return xml;
  const out: string[] = [];
  let at = 0;
  for (const [start, end, text] of changes) {
    if (start < at) continue;
    out.push(xml.slice(at, start), text);
    at = end;
  }
  out.push(xml.slice(at));
  return out.join("");
}
