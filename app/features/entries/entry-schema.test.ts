import { parseWithZod } from "@conform-to/zod";
import { describe, expect, test } from "vitest";
import {
  ENTRY_MESSAGES,
  MAX_FILE_BYTES,
  entrySchema,
  allErrors,
  fileCheckFromFile,
  firstError,
  type FileCheck,
} from "./entry-schema";

const contest = { wordMin: 3, wordMax: 5 };
const confirmed = {
  confirmOriginal: "on",
  confirmEligible: "on",
  confirmRules: "on",
  confirmAnonymous: "on",
};

function parse(fields: Record<string, string>, file?: FileCheck | null) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  const s = parseWithZod(fd, { schema: entrySchema(contest, file) });
  return s.status === "success"
    ? { status: s.status, value: s.value, error: undefined }
    : { status: s.status, value: undefined, error: s.error };
}

describe("entry schema", () => {
  test("a valid text entry is trimmed and counted", () => {
    const s = parse({ title: "  My Story  ", body: "  one two three four  ", ...confirmed });
    expect(s.status).toBe("success");
    if (s.status === "success")
      expect(s.value).toEqual({
        title: "My Story",
        body: "one two three four",
        wordCount: 4,
        showIfAwarded: false,
        discountCode: null,
        // No AI policy stated: nothing declared (ADR 0053).
        ai: null,
      });
  });

  test("showing a winning story publicly is an optional, explicit choice", () => {
    const yes = parse({ title: "T", body: "one two three", ...confirmed, showIfAwarded: "on" });
    expect(yes.value?.showIfAwarded).toBe(true);
    const no = parse({ title: "T", body: "one two three", ...confirmed });
    expect(no.value?.showIfAwarded).toBe(false);
  });
  test("title required, trimmed, at most 200 characters", () => {
    expect(parse({ body: "one two three", ...confirmed }).error?.title).toEqual([
      ENTRY_MESSAGES.titleRequired,
    ]);
    expect(parse({ title: "   ", body: "one two three", ...confirmed }).error?.title).toEqual([
      ENTRY_MESSAGES.titleRequired,
    ]);
    expect(parse({ title: "x".repeat(200), body: "one two three", ...confirmed }).status).toBe(
      "success",
    );
    expect(
      parse({ title: "x".repeat(201), body: "one two three", ...confirmed }).error?.title,
    ).toEqual(["Title must be less than 200 characters"]);
  });
  test("text or a file is required", () => {
    expect(parse({ title: "T", body: "   ", ...confirmed }).error?.body).toEqual([
      "Please enter your story or upload a file",
    ]);
    expect(
      parse({ title: "T", ...confirmed }, { name: "e.txt", size: 0, kind: "txt", tooLarge: false })
        .error?.body,
    ).toEqual(["Please enter your story or upload a file"]);
  });
  test("word range inclusive for text; a file-only entry is not word-checked and counts 0", () => {
    expect(parse({ title: "T", body: "a b c", ...confirmed }).status).toBe("success");
    expect(parse({ title: "T", body: "a b c d e", ...confirmed }).status).toBe("success");
    expect(parse({ title: "T", body: "a b", ...confirmed }).error?.body).toEqual([
      "Word count must be between 3 and 5",
    ]);
    expect(parse({ title: "T", body: "a b c d e f", ...confirmed }).error?.body).toEqual([
      "Word count must be between 3 and 5",
    ]);
    const fileOnly = parse(
      { title: "T", ...confirmed },
      { name: "s.pdf", size: 100, kind: "pdf", tooLarge: false },
    );
    expect(fileOnly.status).toBe("success");
    if (fileOnly.status === "success") expect(fileOnly.value.wordCount).toBe(0);
  });
  test("file size and type", () => {
    expect(
      parse(
        { title: "T", ...confirmed },
        { name: "s.pdf", size: MAX_FILE_BYTES + 1, kind: "pdf", tooLarge: true },
      ).error?.file,
    ).toEqual(["File size must be less than 10MB"]);
    expect(
      parse(
        { title: "T", ...confirmed },
        { name: "s.pdf", size: MAX_FILE_BYTES, kind: "pdf", tooLarge: false },
      ).status,
    ).toBe("success");
    expect(
      parse({ title: "T", ...confirmed }, { name: "s.pdf", size: 10, kind: null, tooLarge: false })
        .error?.file,
    ).toEqual(["Only PDF, DOC, DOCX, and TXT files are allowed"]);
  });
  test("all four confirmations are required", () => {
    const s = parse({ title: "T", body: "a b c", confirmOriginal: "on" });
    expect(Object.keys(s.error ?? {}).sort()).toEqual([
      "confirmAnonymous",
      "confirmEligible",
      "confirmRules",
    ]);
  });
  test("the first error follows the form order", () => {
    const s = parse({ body: "a", confirmOriginal: "on" });
    expect(firstError(s.error)).toBe("Title is required");
    expect(firstError({ confirmRules: ["x"], file: ["y"] })).toBe("y");
    expect(firstError({})).toBeNull();
  });
  test("every error is listed, in form order, once each", () => {
    const s = parse({ body: "a" });
    expect(allErrors(s.error)).toEqual([
      "Title is required",
      "Word count must be between 3 and 5",
      "Please confirm this statement",
    ]);
    expect(allErrors({ confirmRules: ["x"], other: ["z"], file: ["y"] })).toEqual(["y", "x", "z"]);
    expect(allErrors(null)).toEqual([]);
  });
  test("the browser's view of a chosen file: name, size, kind by name; none when nothing was chosen", () => {
    const kindOf = (n: string) => (n.endsWith(".txt") ? ("txt" as const) : null);
    expect(fileCheckFromFile({ name: "a.txt", size: 20 }, kindOf)).toEqual({
      name: "a.txt",
      size: 20,
      kind: "txt",
      tooLarge: false,
    });
    expect(fileCheckFromFile({ name: "a.exe", size: 11 * 1024 * 1024 }, kindOf)).toMatchObject({
      kind: null,
      tooLarge: true,
    });
    expect(fileCheckFromFile({ name: "", size: 0 }, kindOf)).toBeNull();
    expect(fileCheckFromFile("", kindOf)).toBeNull();
  });
});

describe("the error summary a young writer reads", () => {
  test("is headed in plain words, not the spec's 'Validation Error', and keeps the spec's messages", () => {
    expect(ENTRY_MESSAGES.validationTitle).toBe("Please check your entry");
    expect(`${ENTRY_MESSAGES.validationTitle} ${ENTRY_MESSAGES.validationLead}`).not.toMatch(
      /validation|error|fix:$/i,
    );
    expect(ENTRY_MESSAGES.titleRequired).toBe("Title is required");
    expect(ENTRY_MESSAGES.textOrFile).toBe("Please enter your story or upload a file");
  });
});
