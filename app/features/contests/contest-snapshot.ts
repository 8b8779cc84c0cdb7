import { z } from "zod";
import { AI_POLICIES, aiPolicyOf } from "./ai-policy";
import { DATE_FIELDS, type DateField } from "./contest-schema";
import { resultsDate } from "./results-release";
import { criteriaSchema, parseCriteria, type Criterion } from "./rubric";

/**
 * A contest as publishing freezes it and as pages show it: one place that turns a contest row or
 * its published snapshot into that shape.
 */

/** What publishing stores: the contest with its prompts and rubrics, plus the snapshot date. */
export const snapshotSchema = z.object({
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  rules: z.string().nullable(),
  anonymous: z.boolean(),
  wordMin: z.number(),
  wordMax: z.number(),
  entryFeeCents: z.number(),
  /** Snapshots taken before this setting existed allowed one entry per writer. */
  entriesPerWriter: z.number().int().min(1).default(1),
  /** Snapshots taken before this setting existed stated no AI policy (ADR 0053). */
  aiPolicy: z.enum(AI_POLICIES).default("unstated"),
  timeZone: z.string(),
  submissionsOpen: z.string(),
  submissionsClose: z.string(),
  judgingOpen: z.string(),
  judgingClose: z.string(),
  resultsAt: z.string(),
  prompts: z.array(z.object({ id: z.string(), title: z.string(), body: z.string() })),
  rubrics: z.array(z.object({ id: z.string(), name: z.string(), criteria: criteriaSchema })),
  snapshotDate: z.string(),
});
export type ContestSnapshot = z.infer<typeof snapshotSchema>;

/** The settings a snapshot freezes, as the contest row holds them. */
export type ContestSettings = {
  slug: string;
  title: string;
  description: string;
  rules: string | null;
  anonymous: boolean;
  wordMin: number;
  wordMax: number;
  entryFeeCents: number;
  entriesPerWriter: number;
  /** The AI-use policy (ADR 0053); a row read without it counts as none stated. */
  aiPolicy?: string;
  timeZone: string;
} & Record<DateField, Date>;

type PromptRow = { id: string; title: string; body: string; round?: number | null };
type RubricRow = { id: string; name: string; criteria: string };

/** A prompt for judging round 2 or later: not the entrants'. */
export function laterRoundPrompt(p: { round?: number | null }) {
  return typeof p.round === "number" && p.round > 1;
}

/**
 * Prompts and rubrics as pages show them: only what they need, the criteria parsed. A later
 * round's prompt is never shown to entrants (ADR 0045).
 */
export function contestItems(row: { prompts?: PromptRow[]; rubrics?: RubricRow[] }): {
  prompts: PromptRow[];
  rubrics: { id: string; name: string; criteria: Criterion[] }[];
} {
  return {
    prompts: (row.prompts ?? [])
      .filter((p) => !laterRoundPrompt(p))
      .map((p) => ({ id: p.id, title: p.title, body: p.body })),
    rubrics: (row.rubrics ?? []).map((r) => ({
      id: r.id,
      name: r.name,
      criteria: parseCriteria(r.criteria),
    })),
  };
}

function mapDates<A, B>(from: Record<DateField, A>, f: (value: A) => B) {
  return Object.fromEntries(DATE_FIELDS.map((k) => [k, f(from[k])])) as Record<DateField, B>;
}

/** The snapshot's timeline as dates. */
export function snapshotDates(snap: ContestSnapshot): Record<DateField, Date> {
  return mapDates(snap, (iso) => new Date(iso));
}

/** The columns publishedDates() reads, as a Prisma select. */
export const publishedDatesSelect = {
  isPublished: true,
  publishedSnapshot: true,
  submissionsOpen: true,
  submissionsClose: true,
  judgingOpen: true,
  judgingClose: true,
  resultsAt: true,
  publishedResultsAt: true,
} as const;

/**
 * The dates the public sees, and so the dates the lifecycle runs by: a published contest's
 * snapshot's, otherwise the row's (docs/decisions/0022-lifecycle-follows-the-public.md); the
 * results date is `resultsDate`'s, the one answer every reader shares (ADR 0045).
 */
export function publishedDates(
  row: {
    isPublished: boolean;
    publishedSnapshot: string | null;
    publishedResultsAt?: Date | null;
  } & Record<DateField, Date>,
): Record<DateField, Date> {
  const snap = row.isPublished ? parseSnapshot(row.publishedSnapshot) : null;
  const dates = snap ? snapshotDates(snap) : mapDates(row, (d) => d);
  return row.isPublished && row.publishedResultsAt
    ? { ...dates, resultsAt: resultsDate(row) }
    : dates;
}

/** The judging window the public sees and judges score in (ADR 0022): the snapshot's once published. */
export function publishedJudgingWindow(row: {
  isPublished: boolean;
  publishedSnapshot: string | null;
  judgingOpen: Date;
  judgingClose: Date;
}): { judgingOpen: Date; judgingClose: Date } {
  const snap = row.isPublished ? parseSnapshot(row.publishedSnapshot) : null;
  if (!snap) return { judgingOpen: row.judgingOpen, judgingClose: row.judgingClose };
  return { judgingOpen: new Date(snap.judgingOpen), judgingClose: new Date(snap.judgingClose) };
}

export function buildSnapshot(
  contest: ContestSettings & { prompts: PromptRow[]; rubrics: RubricRow[] },
  now = new Date(),
): ContestSnapshot {
  return {
    slug: contest.slug,
    title: contest.title,
    description: contest.description,
    rules: contest.rules,
    anonymous: contest.anonymous,
    wordMin: contest.wordMin,
    wordMax: contest.wordMax,
    entryFeeCents: contest.entryFeeCents,
    entriesPerWriter: contest.entriesPerWriter,
    aiPolicy: aiPolicyOf(contest.aiPolicy),
    timeZone: contest.timeZone,
    ...mapDates(contest, (d) => d.toISOString()),
    ...contestItems(contest),
    snapshotDate: now.toISOString(),
  };
}

export function parseSnapshot(json: string | null): ContestSnapshot | null {
  if (!json) return null;
  try {
    const parsed = snapshotSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
