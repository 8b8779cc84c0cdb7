/**
 * Reading a class list from a CSV file (docs/decisions/0031-classrooms-and-shared-computers.md):
 * columns first name, last initial (or a whole last name), grade, parent e-mail; a header row
 * is optional and its columns may come in any order and case. Pure: every row is checked and
 * described in plain words, nothing is written. Parsing is csv-parse's.
 */
import { parse } from "csv-parse/sync";
import { checkPupil, cleanName, lastInitialOf, pupilKey, type PupilInput } from "./roster";

export const IMPORT_MAX_BYTES = 200 * 1024;
export const IMPORT_MAX_ROWS = 500;

export const IMPORT_MESSAGES = {
  empty: "The file is empty. Choose a CSV file with one pupil a line.",
  tooLarge: "The file is too large. A class list can be up to 200 KB.",
  tooManyRows: `The file has too many rows. Add up to ${IMPORT_MAX_ROWS} pupils at a time.`,
  notText:
    "This is not a CSV file. Save the list from your spreadsheet as CSV (UTF-8) and try again.",
  notUtf8:
    "The file is not UTF-8 text. Save it from your spreadsheet as CSV (UTF-8) and try again.",
  unreadable: "The file could not be read as CSV. Check its quotes and commas and try again.",
  noRows: "The file has no pupils in it.",
};

type Column = "firstName" | "lastInitial" | "grade" | "parentEmail";
const ORDER: Column[] = ["firstName", "lastInitial", "grade", "parentEmail"];

/** Header names, as lower-case letters only ("Parent e-mail" → "parentemail"). */
const HEADERS: Record<string, Column> = {
  firstname: "firstName",
  first: "firstName",
  givenname: "firstName",
  name: "firstName",
  lastinitial: "lastInitial",
  initial: "lastInitial",
  lastname: "lastInitial",
  last: "lastInitial",
  surname: "lastInitial",
  familyname: "lastInitial",
  grade: "grade",
  year: "grade",
  parentemail: "parentEmail",
  parentsemail: "parentEmail",
  email: "parentEmail",
  guardianemail: "parentEmail",
};
const headerKey = (cell: string) => cell.toLowerCase().replace(/[^a-z]/g, "");

export type ImportRow = {
  /** The row's number in the file (as a spreadsheet numbers it). */
  row: number;
  firstName: string;
  lastInitial: string;
  grade: string;
  parentEmail: string;
  /**
   * What the preview shows under "Last initial": the initial a whole last name gives
   * ("الحسن" → "ح", "van der Berg" → "B"), never the whole surname (ADR 0041).
   */
  initial: string;
  /** The checked pupil, when the row has no errors. */
  pupil: PupilInput | null;
  errors: string[];
};

export type ImportPreview = { ok: true; rows: ImportRow[] } | { ok: false; error: string };

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/** The file's bytes as text: UTF-8 (a byte-order mark is dropped), never a binary file. */
export function decodeCsv(
  bytes: Uint8Array,
): { ok: true; text: string } | { ok: false; error: string } {
  if (bytes.byteLength === 0) return { ok: false, error: IMPORT_MESSAGES.empty };
  if (bytes.byteLength > IMPORT_MAX_BYTES) return { ok: false, error: IMPORT_MESSAGES.tooLarge };
  if (bytes.includes(0)) return { ok: false, error: IMPORT_MESSAGES.notText };
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes).replace(/^\uFEFF/, "");
    return { ok: true, text };
  } catch {
    return { ok: false, error: IMPORT_MESSAGES.notUtf8 };
  }
}

/**
 * Every row of the CSV text, checked: its problems in plain words ("Row 4: the grade must be K
 * or 1 to 12") and rows that repeat an earlier row flagged. `onRoster` names pupils already in
 * the class (`pupilKey` → their name), flagged too.
 */
export function previewImport(
  text: string,
  onRoster: ReadonlyMap<string, string> = new Map(),
): ImportPreview {
  if (text.length > IMPORT_MAX_BYTES) return { ok: false, error: IMPORT_MESSAGES.tooLarge };
  // eslint-disable-next-line no-control-regex -- control characters are what it looks for
  if (/[\u0000-\u0008\u000e-\u001f]/.test(text))
    return { ok: false, error: IMPORT_MESSAGES.notText };
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      // Any line ending, even mixed in one file (a list pasted together from two sources).
      record_delimiter: ["\r\n", "\n", "\r"],
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      trim: true,
      max_record_size: 4096,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch {
    return { ok: false, error: IMPORT_MESSAGES.unreadable };
  }
  if (records.length === 0) return { ok: false, error: IMPORT_MESSAGES.noRows };
  let columns = ORDER;
  const first = records[0].record.map(headerKey);
  if (first.some((cell) => cell in HEADERS && cell !== "name")) {
    columns = first.map((cell) => HEADERS[cell]);
    if (!columns.includes("firstName"))
      return { ok: false, error: "The header row has no first name column." };
    records = records.slice(1);
  }
  if (records.length === 0) return { ok: false, error: IMPORT_MESSAGES.noRows };
  if (records.length > IMPORT_MAX_ROWS) return { ok: false, error: IMPORT_MESSAGES.tooManyRows };

  const seen = new Map<string, number>();
  const rows = records.map(({ record, info }): ImportRow => {
    const cells: Record<Column, string> = {
      firstName: "",
      lastInitial: "",
      grade: "",
      parentEmail: "",
    };
    columns.forEach((column, i) => {
      if (column && record[i] !== undefined && !cells[column]) cells[column] = record[i];
    });
    const row = info.lines;
    const checked = checkPupil(cells, { fullLastName: true });
    const errors = checked.ok
      ? []
      : ORDER.flatMap((c) =>
          checked.errors[c] ? [`Row ${row}: ${lowerFirst(checked.errors[c]!)}`] : [],
        );
    if (record.length > 4 && columns === ORDER)
      errors.push(`Row ${row}: there are more than 4 columns`);
    let pupil = checked.ok && errors.length === 0 ? checked.pupil : null;
    if (pupil) {
      const key = pupilKey(pupil);
      const earlier = seen.get(key);
      if (earlier !== undefined) {
        errors.push(`Row ${row}: the same pupil as row ${earlier}`);
        pupil = null;
      } else if (onRoster.has(key)) {
        errors.push(`Row ${row}: ${onRoster.get(key)} is already on the roster`);
        pupil = null;
      } else seen.set(key, row);
    }
    const initial =
      pupil?.lastInitial ?? lastInitialOf(cells.lastInitial) ?? cleanName(cells.lastInitial);
    return { row, ...cells, firstName: cleanName(cells.firstName), initial, pupil, errors };
  });
  return { ok: true, rows };
}
