import { z } from "zod";
import { criteriaSchema, parseCriteria } from "./rubric";

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

type ContestForSnapshot = {
  slug: string;
  title: string;
  description: string;
  rules: string | null;
  anonymous: boolean;
  wordMin: number;
  wordMax: number;
  entryFeeCents: number;
  timeZone: string;
  submissionsOpen: Date;
  submissionsClose: Date;
  judgingOpen: Date;
  judgingClose: Date;
  resultsAt: Date;
  prompts: { id: string; title: string; body: string; createdAt?: Date }[];
  rubrics: { id: string; name: string; criteria: string; createdAt?: Date }[];
};

export function buildSnapshot(contest: ContestForSnapshot, now = new Date()): ContestSnapshot {
  return {
    slug: contest.slug,
    title: contest.title,
    description: contest.description,
    rules: contest.rules,
    anonymous: contest.anonymous,
    wordMin: contest.wordMin,
    wordMax: contest.wordMax,
    entryFeeCents: contest.entryFeeCents,
    timeZone: contest.timeZone,
    submissionsOpen: contest.submissionsOpen.toISOString(),
    submissionsClose: contest.submissionsClose.toISOString(),
    judgingOpen: contest.judgingOpen.toISOString(),
    judgingClose: contest.judgingClose.toISOString(),
    resultsAt: contest.resultsAt.toISOString(),
    prompts: contest.prompts.map((p) => ({ id: p.id, title: p.title, body: p.body })),
    rubrics: contest.rubrics.map((r) => ({ id: r.id, name: r.name, criteria: parseCriteria(r.criteria) })),
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
