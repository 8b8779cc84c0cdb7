import { describe, expect, test } from "vitest";
import { displayFileName, MAX_FILE_NAME_LENGTH } from "./file-name";
import { kindFromFileName } from "~/features/documents/file-sniff";

describe("displayFileName", () => {
  test("keeps ordinary names, including ; = and quotes", () => {
    for (const name of [
      "Chapter=1.txt",
      "Draft; final.txt",
      "=final draft.txt",
      'My "best" story.docx',
      "Élodie’s story.pdf",
    ]) {
      expect(displayFileName(name)).toBe(name);
      expect(kindFromFileName(displayFileName(name))).not.toBeNull();
    }
  });
  test("reads quotes and line breaks as browsers escape them", () => {
    expect(displayFileName("My %22best%22 story.txt")).toBe('My "best" story.txt');
    expect(displayFileName("two%0D%0Alines.txt")).toBe("two lines.txt");
  });
  test("removes control and direction-changing characters, and path separators", () => {
    expect(displayFileName("a\u0000b\u0007\u001bc.txt")).toBe("abc.txt");
    expect(displayFileName("tab\tand\r\nbreaks.txt")).toBe("tab and breaks.txt");
    expect(displayFileName("evil\u202Etxt.exe")).toBe("eviltxt.exe");
    expect(displayFileName("../../etc/passwd.txt")).toBe(".._.._etc_passwd.txt");
    expect(displayFileName("C:\\Users\\me\\story.doc")).toBe("C:_Users_me_story.doc");
    expect(displayFileName("  spaced   out  .txt ")).toBe("spaced out .txt");
  });
  test("an invalid UTF-8 byte (decoded as U+FFFD) is kept as a visible character", () => {
    expect(displayFileName("bad\uFFFDname.txt")).toBe("bad\uFFFDname.txt");
  });
  test("shortens long names and keeps the extension", () => {
    const long = `${"x".repeat(500)}.docx`;
    const shown = displayFileName(long);
    expect(Array.from(shown)).toHaveLength(MAX_FILE_NAME_LENGTH);
    expect(shown.endsWith(".docx")).toBe(true);
    expect(Array.from(displayFileName(`${"😀".repeat(300)}.txt`))).toHaveLength(
      MAX_FILE_NAME_LENGTH,
    );
  });
});
