/**
 * The judging panel's rules (docs/decisions/0033-judging-panel.md), shared by the panel pages and
 * by assignment.
 */
import type { Prisma } from "~/generated/prisma/client";

/**
 * A judge who may be given entries: holds the judge role and has activated the account (a password
 * or a linked Google account, as "Active" in app/features/judging/invitation.ts). A judge whose
 * invitation is still pending is never assigned, by hand or by the scheduled step
 * (docs/decisions/0022-lifecycle-follows-the-public.md).
 */
export const assignableJudge = {
  roles: { some: { role: "judge" } },
  OR: [{ password: { isNot: null } }, { connections: { some: {} } }],
} satisfies Prisma.UserWhereInput;

/** A panel member's standing in one contest. */
export const PANEL_STATUSES = ["invited", "accepted", "declined"] as const;
export type PanelStatus = (typeof PANEL_STATUSES)[number];

/** What a conflict of interest is with. */
export const CONFLICT_KINDS = ["entrant", "school", "educator"] as const;
export type ConflictKind = (typeof CONFLICT_KINDS)[number];

/** Why a judge recuses from an entry (the review screen's short list). */
export const RECUSAL_REASONS = {
  "knows-writer": "I know the writer",
  "same-school": "I work at or with the writer's school",
  "recognises-work": "I have seen this story before",
  other: "Another conflict of interest",
} as const;
export type RecusalReason = keyof typeof RECUSAL_REASONS;

/**
 * What the admin reads for a step back made at the comparison desk (docs/decisions/0056): no
 * judge replaces another there, the pair goes back to the pool.
 */
export const DESK_RECUSAL_NOTE =
  "Stepped back at the comparison desk: other judges still compare this piece.";
