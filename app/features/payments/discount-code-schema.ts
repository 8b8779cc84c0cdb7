/** The admin's new discount code form (docs/decisions/0020-payments.md). */
import { z } from "zod";
import { CODE_PATTERN, normalizeCode } from "./pricing";

const optionalInt = (min: number, max: number, message: string) =>
  z.preprocess(
    (v) => (v === "" || v == null ? undefined : v),
    z.coerce
      .number({ invalid_type_error: message })
      .int(message)
      .min(min, message)
      .max(max, message)
      .optional(),
  );

export const discountCodeSchema = z
  .object({
    intent: z.literal("create"),
    code: z
      .string({ required_error: "Code is required" })
      .transform(normalizeCode)
      .pipe(
        z
          .string()
          .regex(
            CODE_PATTERN,
            "Use 3 to 40 letters, digits, hyphens or underscores, starting with a letter or digit.",
          ),
      ),
    kind: z.enum(["percent", "fixed"], { required_error: "Choose percent or fixed amount" }),
    percentOff: optionalInt(1, 100, "Percent off must be a whole number from 1 to 100"),
    amountOff: z
      .string()
      .trim()
      .optional()
      .refine((v) => !v || /^\d{1,4}(\.\d{1,2})?$/.test(v), "Enter an amount like 2.50")
      .transform((v) => (v ? Math.round(Number(v) * 100) : undefined))
      .refine(
        (v) => v === undefined || (v > 0 && v <= 100_000),
        "Amount off must be from $0.01 to $1000",
      ),
    contestId: z.string().trim().max(64).optional(),
    maxUses: optionalInt(1, 1_000_000, "Maximum uses must be a whole number of at least 1"),
    expiresAt: z.string().trim().max(30).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.kind === "percent" && v.percentOff === undefined)
      ctx.addIssue({ code: "custom", path: ["percentOff"], message: "Percent off is required" });
    if (v.kind === "fixed" && v.amountOff === undefined)
      ctx.addIssue({ code: "custom", path: ["amountOff"], message: "Amount off is required" });
  });

export const toggleCodeSchema = z.object({
  intent: z.enum(["activate", "deactivate"]),
  id: z.string().min(1).max(64),
});
