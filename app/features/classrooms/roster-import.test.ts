import { describe, expect, test } from "vitest";
import { pupilKey } from "./roster";
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
  decodeCsv,
  previewImport,
} from "./roster-import";

const ok = (text: string, roster?: Map<string, string>) => {
  const p = previewImport(text, roster);
  if (!p.ok) throw new Error(p.error);
  return p.rows;
};

describe("reading a class list", () => {
  test("without a header: first name, last initial, grade, parent e-mail", () => {
    const rows = ok("Mia,R,5,mia.parent@example.com\nNoah,T,,\n");
    expect(rows.map((r) => r.pupil)).toEqual([
      { firstName: "Mia", lastInitial: "R", grade: 5, parentEmail: "mia.parent@example.com" },
      { firstName: "Noah", lastInitial: "T", grade: null, parentEmail: null },
    ]);
    expect(rows.map((r) => r.row)).toEqual([1, 2]);
  });

  test("a header in any case and order; a full last name gives the initial", () => {
    const rows = ok("GRADE,parent EMAIL,First Name,Last name\r\nK,,Zara,Khan\n3,,Ben,o'neil\n");
    expect(rows.map((r) => r.pupil)).toEqual([
      { firstName: "Zara", lastInitial: "K", grade: 0, parentEmail: null },
      { firstName: "Ben", lastInitial: "O", grade: 3, parentEmail: null },
    ]);
    expect(rows[0].row).toBe(2);
  });

  test("the standard header, quotes and a byte-order mark", () => {
    const rows = ok('\uFEFFFirst name,Last initial,Grade,Parent email\n"Ana, Maria",L,12,\n');
    expect(rows[0].pupil).toMatchObject({ firstName: "Ana, Maria", lastInitial: "L", grade: 12 });
  });

  test("each row's problems in plain words", () => {
    const rows = ok(
      "First name,Last initial,Grade,Parent email\nMia,R,5,\nNoah,T,14,\n,Q,2,\nIvy,9,3,not-an-email\n",
    );
    expect(rows[0].errors).toEqual([]);
    expect(rows[1].errors).toEqual(["Row 3: the grade must be K or 1 to 12"]);
    expect(rows[1].pupil).toBeNull();
    expect(rows[2].errors).toEqual(["Row 4: the first name must be 1 to 40 characters"]);
    expect(rows[3].errors).toEqual([
      "Row 5: the last initial must be one letter",
      "Row 5: the parent e-mail does not look like an e-mail address",
    ]);
  });

  test("duplicates within the file and against the roster", () => {
    const roster = new Map([[pupilKey({ firstName: "Zara", lastInitial: "K" }), "Zara K."]]);
    const rows = ok("Mia,R,5\nmia,r,5\nZARA,K,5\n", roster);
    expect(rows[0].pupil).not.toBeNull();
    expect(rows[1].errors).toEqual(["Row 2: the same pupil as row 1"]);
    expect(rows[2].errors).toEqual(["Row 3: Zara K. is already on the roster"]);
    expect(rows.filter((r) => r.pupil)).toHaveLength(1);
  });

  test("blank lines are skipped", () => {
    expect(ok("Mia,R\n\n,,,\nNoah,T\n")).toHaveLength(2);
  });

  test("refusals in plain words, never a throw", () => {
    expect(previewImport("")).toEqual({ ok: false, error: IMPORT_MESSAGES.noRows });
    expect(previewImport("First name,Last initial\n")).toEqual({
      ok: false,
      error: IMPORT_MESSAGES.noRows,
    });
    expect(previewImport('Mia,"R\n')).toEqual({ ok: false, error: IMPORT_MESSAGES.unreadable });
    const many = Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => `P${i},A,1`).join("\n");
    expect(previewImport(many)).toEqual({ ok: false, error: IMPORT_MESSAGES.tooManyRows });
    expect(
      ok(Array.from({ length: IMPORT_MAX_ROWS }, (_, i) => `P${i},A,1`).join("\n")),
    ).toHaveLength(IMPORT_MAX_ROWS);
  });
});

describe("the file's bytes", () => {
  test("UTF-8 text is read", () => {
    expect(decodeCsv(new TextEncoder().encode("\uFEFFZoë,B"))).toEqual({ ok: true, text: "Zoë,B" });
  });
  test("other encodings, binary files, empty and large files are refused", () => {
    expect(decodeCsv(new Uint8Array([0x5a, 0x6f, 0xeb, 0x2c, 0x42]))).toEqual({
      ok: false,
      error: IMPORT_MESSAGES.notUtf8,
    });
    expect(decodeCsv(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]))).toEqual({
      ok: false,
      error: IMPORT_MESSAGES.notText,
    });
    expect(decodeCsv(new Uint8Array())).toEqual({ ok: false, error: IMPORT_MESSAGES.empty });
    expect(decodeCsv(new Uint8Array(IMPORT_MAX_BYTES + 1).fill(65))).toEqual({
      ok: false,
      error: IMPORT_MESSAGES.tooLarge,
    });
  });
});

describe("non-Latin and hidden characters in a class list (ADR 0041)", () => {
  test("the preview shows an initial, never a whole surname; names lose invisible characters", () => {
    const preview = previewImport(
      "First name,Last name\nعمر,الحسن\nLiam,van der Berg\n\u202EMia\u200B,Rossi\n",
    );
    expect(preview.ok).toBe(true);
    if (!preview.ok) return;
    expect(preview.rows.map((r) => [r.firstName, r.initial])).toEqual([
      ["عمر", "ح"],
      ["Liam", "B"],
      ["Mia", "R"],
    ]);
    expect(preview.rows.map((r) => r.pupil?.lastInitial)).toEqual(["ح", "B", "R"]);
    expect(preview.rows[2].pupil?.firstName).toBe("Mia");
  });
});
