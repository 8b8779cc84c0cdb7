import { z } from "zod";

/**
 * "Write to entrants" / "Write to judges" of a contest (docs/decisions/0033-judging-panel.md):
 * the form's rules, what a filter means in words, and the e-mail's text. Plain text only; the
 * preview and the send carry the same fields, and nothing is sent by a preview.
 */
export const SUBJECT_MAX = 150;
export const BODY_MAX = 5000;

export const AUDIENCES = ["entrants", "judges"] as const;

/** Entry statuses an admin may pick for "Write to entrants" (value = the words shown). */
export const ENTRY_STATUS_FILTERS = {
  submitted: "Entered and counted",
  pending_payment: "Waiting for payment",
  expired: "Unpaid at the close",
  disqualified: "Disqualified",
  withdrawn: "Withdrawn",
} as const;

/** The judges' filter kept in ContestMessage.status: only judges with entries still to score. */
export const UNSCORED = "unscored";

const optionalId = z
  .string()
  .max(64)
  .optional()
  .transform((v) => v || null);

export const messageSchema = z
  .object({
    intent: z.enum(["preview", "send"]),
    audience: z.enum(AUDIENCES, { required_error: "Choose who to write to" }),
    status: z
      .enum(["", ...(Object.keys(ENTRY_STATUS_FILTERS) as (keyof typeof ENTRY_STATUS_FILTERS)[])])
      .optional()
      .transform((v) => v || null),
    unscored: z
      .enum(["on", "true"])
      .optional()
      .transform((v) => v !== undefined),
    divisionId: optionalId,
    subject: z
      .string({ required_error: "Write a subject" })
      .trim()
      .min(1, "Write a subject")
      .max(SUBJECT_MAX, `A subject can be at most ${SUBJECT_MAX} characters`),
    body: z
      .string({ required_error: "Write the message" })
      .trim()
      .min(1, "Write the message")
      .max(BODY_MAX, `A message can be at most ${BODY_MAX.toLocaleString("en-US")} characters`),
  })
  .transform(({ status, unscored, ...v }) => ({
    ...v,
    // Entrants filter by entry status; judges by "still has entries to score".
    status: v.audience === "entrants" ? status : unscored ? UNSCORED : null,
  }));
export type MessageForm = z.output<typeof messageSchema>;

/** Who a message goes to, in words: "Entrants (Waiting for payment, Seniors)". */
export function audienceLabel(
  m: { audience: string; status: string | null },
  divisionName: string | null,
) {
  const parts: string[] = [];
  if (m.audience === "entrants" && m.status && m.status in ENTRY_STATUS_FILTERS)
    parts.push(ENTRY_STATUS_FILTERS[m.status as keyof typeof ENTRY_STATUS_FILTERS]);
  if (m.audience === "judges" && m.status === UNSCORED) parts.push("with entries left to score");
  if (divisionName) parts.push(divisionName);
  const who = m.audience === "judges" ? "Judges" : "Entrants";
  return parts.length ? `${who} (${parts.join(", ")})` : who;
}

/** The body's paragraphs: split at blank lines, each line's own breaks kept by the template. */
export function paragraphs(body: string): string[] {
  return body
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** The e-mail's subject: the contest's name first, so it is clear where it comes from. */
export function messageSubject(contestTitle: string, subject: string) {
  return `${contestTitle}: ${subject}`;
}
