/**
 * The entry form's schema (the server's check of every entry), with the product's messages word
 * for word (docs/decisions/0009). Files are checked on the server while they stream (size,
 * content); the result reaches this schema as `FileCheck`. The messages and the zod-free rules
 * the browser uses live in entry-rules.ts.
 */
import { z } from "zod";
import {
  ENTRY_MESSAGES,
  MAX_FILE_BYTES,
  MAX_TITLE_LENGTH,
  PROBLEM_MESSAGES,
  wordRangeMessage,
  withinFileRange,
  type FileCheck,
} from "./entry-rules";
import { countWords, withinWordRange } from "./word-count";
import { declarationErrors, declarationValue, type AiPolicy } from "~/features/contests/ai-policy";

export * from "./entry-rules";

const confirmation = z.boolean({
  required_error: ENTRY_MESSAGES.confirm,
  invalid_type_error: ENTRY_MESSAGES.confirm,
});

/**
 * Builds the schema for one contest's word range and the upload's check (if a file was sent).
 * Error order: title, body, file, confirmations.
 */
export function entrySchema(
  contest: { wordMin: number; wordMax: number; aiPolicy?: AiPolicy },
  file?: FileCheck | null,
) {
  const policy = contest.aiPolicy ?? "unstated";
  // The text and file rules run on the raw input, so their errors show together with the
  // title's and the confirmations' (every error is listed at once).
  return z.preprocess(
    (raw, ctx) => {
      const r = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
      const words = countWords(typeof r.body === "string" ? r.body : "");
      const hasFile = !!file && file.size > 0;
      if (hasFile) {
        if (file.problem === "several") {
          ctx.addIssue({ code: "custom", path: ["file"], message: ENTRY_MESSAGES.oneFile });
        } else if (file.tooLarge || file.size > MAX_FILE_BYTES) {
          ctx.addIssue({ code: "custom", path: ["file"], message: ENTRY_MESSAGES.fileTooLarge });
        } else if (!file.kind) {
          ctx.addIssue({ code: "custom", path: ["file"], message: ENTRY_MESSAGES.fileType });
        } else if (file.problem) {
          ctx.addIssue({ code: "custom", path: ["file"], message: PROBLEM_MESSAGES[file.problem] });
        } else if (words === 0 && !withinFileRange(file, contest)) {
          // A document's words count like typed ones (docs/decisions/0034-reading-desk.md).
          ctx.addIssue({
            code: "custom",
            path: ["file"],
            message: wordRangeMessage(contest.wordMin, contest.wordMax),
          });
        }
      }
      if (words === 0 && !hasFile) {
        ctx.addIssue({ code: "custom", path: ["body"], message: ENTRY_MESSAGES.textOrFile });
      } else if (words > 0 && !withinWordRange(words, contest.wordMin, contest.wordMax)) {
        ctx.addIssue({
          code: "custom",
          path: ["body"],
          message: wordRangeMessage(contest.wordMin, contest.wordMax),
        });
      }
      // The AI declaration, when the contest states a policy (ADR 0053).
      for (const [field, list] of Object.entries(declarationErrors(r, policy)))
        for (const message of list) ctx.addIssue({ code: "custom", path: [field], message });
      return raw;
    },
    z
      .object({
        title: z
          .string({ required_error: ENTRY_MESSAGES.titleRequired })
          .trim()
          .min(1, ENTRY_MESSAGES.titleRequired)
          .max(MAX_TITLE_LENGTH, ENTRY_MESSAGES.titleTooLong),
        body: z.string().optional(),
        confirmOriginal: confirmation,
        confirmEligible: confirmation,
        confirmRules: confirmation,
        confirmAnonymous: confirmation,
        /** Optional: the story may be shown on the public results page if it wins an award. */
        showIfAwarded: z.literal("on").optional(),
        /** The AI declaration (checked above; ADR 0053). */
        aiUse: z.string().optional(),
        aiHow: z.string().optional(),
        /** Optional: a discount code, checked against the database at the write (ADR 0020). */
        discountCode: z
          .string()
          .trim()
          .max(40, "Discount codes are at most 40 characters.")
          .optional(),
      })
      .transform((value) => {
        const body = value.body?.trim() ? value.body.replace(/\r\n/g, "\n").trim() : null;
        return {
          title: value.title,
          body,
          wordCount: countWords(body),
          showIfAwarded: value.showIfAwarded === "on",
          discountCode: value.discountCode?.trim() || null,
          ai: declarationValue(value, policy),
        };
      }),
  );
}

/** Admin disqualification: the entrant reads the reason. */
export const disqualifySchema = z.object({
  intent: z.literal("disqualify"),
  reason: z
    .string({ required_error: "Please give a reason the entrant can read" })
    .trim()
    .min(3, "Please give a reason the entrant can read")
    .max(1000, "The reason must be at most 1000 characters"),
});
