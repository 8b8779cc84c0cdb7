import { parse } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { CONFIRMATIONS, entryErrors, type FileCheck } from "./entry-rules";
import { AI_POLICIES } from "~/features/contests/ai-policy";
import { entrySchema } from "./entry-schema";

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(" ");
const value = (...extra: string[]) =>
  fc.option(fc.constantFrom("", "on", " ", "yes", ...extra), { nil: undefined });
const title = fc.option(
  fc.oneof(
    fc.constantFrom("", "   ", "A title", " padded ", "x".repeat(200), ` ${"y".repeat(200)} `),
    fc.constantFrom("x".repeat(201), "é".repeat(201)),
    fc.string({ maxLength: 20 }),
  ),
  { nil: undefined },
);
const body = fc.option(
  fc.oneof(
    fc.constantFrom("", "  \n ", "one"),
    fc.nat({ max: 40 }).map(words),
    fc.string({ maxLength: 30 }),
  ),
  { nil: undefined },
);
const file: fc.Arbitrary<FileCheck | null> = fc.option(
  fc.record(
    {
      name: fc.constantFrom("story.pdf", "story.exe", ""),
      size: fc.constantFrom(0, 10, 10 * 1024 * 1024, 10 * 1024 * 1024 + 1),
      kind: fc.constantFrom("pdf" as const, "txt" as const, null),
      tooLarge: fc.boolean(),
      problem: fc.constantFrom(
        "unpacked-too-large" as const,
        "unreadable" as const,
        "several" as const,
      ),
    },
    { requiredKeys: ["name", "size", "kind", "tooLarge"] },
  ),
  { nil: null },
);

describe("entryErrors (the browser's check) agrees with entrySchema (the server's)", () => {
  test("same errors, field by field, for any form", () => {
    fc.assert(
      fc.property(
        title,
        body,
        fc.tuple(value(), value(), value(), value()),
        value("off"),
        file,
        fc.constantFrom({ wordMin: 1, wordMax: 10 }, { wordMin: 5, wordMax: 30 }),
        // The AI declaration (ADR 0053): every policy, any answer and how.
        fc.constantFrom(...AI_POLICIES),
        fc.constantFrom(undefined, "", "none", "ideas", "editing", "generated", "robot"),
        fc.constantFrom(undefined, "", "  ", "Ideas for names.", "x".repeat(501)),
        (t, b, boxes, show, f, words, aiPolicy, aiUse, aiHow) => {
          const contest = { ...words, aiPolicy };
          const form = new FormData();
          if (t !== undefined) form.set("title", t);
          if (b !== undefined) form.set("body", b);
          CONFIRMATIONS.forEach((c, i) => {
            if (boxes[i] !== undefined) form.set(c.name, boxes[i]!);
          });
          if (show !== undefined) form.set("showIfAwarded", show);
          if (aiUse !== undefined) form.set("aiUse", aiUse);
          if (aiHow !== undefined) form.set("aiHow", aiHow);
          const server = parseWithZod(form, { schema: entrySchema(contest, f) });
          const browser = parse(form, {
            resolve: (payload) => {
              const error = entryErrors(payload, contest, f);
              return Object.keys(error).length ? { error } : { value: payload };
            },
          });
          expect(browser.status).toBe(server.status);
          const errors = (s: object) =>
            Object.fromEntries(
              Object.entries(
                ("error" in s ? (s.error as Record<string, string[] | null> | null) : null) ?? {},
              ).filter(([, v]) => v?.length),
            );
          expect(errors(browser)).toEqual(errors(server));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
