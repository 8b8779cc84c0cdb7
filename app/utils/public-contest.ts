/**
 * What the public sees of a contest: the published snapshot when one exists (decisions.md
 * point 4), otherwise the contest row. Entry rules (window, word range, fee) are enforced on
 * the same view the entrant was shown.
 */
import { parseSnapshot } from "./contest-snapshot";
import type { Criterion } from "./rubric";
import { parseCriteria } from "./rubric";

export type ContestRow = {
  id: string;
  slug: string;
  title: string;
  description: string;
  rules: string | null;
  anonymous: boolean;
  isPublished: boolean;
  wordMin: number;
  wordMax: number;
  entryFeeCents: number;
  timeZone: string;
  submissionsOpen: Date;
  submissionsClose: Date;
  judgingOpen: Date;
  judgingClose: Date;
  resultsAt: Date;
  publishedSnapshot: string | null;
  prompts?: { id: string; title: string; body: string }[];
  rubrics?: { id: string; name: string; criteria: string }[];
};

export type PublicContest = {
  id: string;
  slug: string;
  isPublished: boolean;
  title: string;
  description: string;
  rules: string | null;
  wordMin: number;
  wordMax: number;
  entryFeeCents: number;
  timeZone: string;
  submissionsOpen: Date;
  submissionsClose: Date;
  judgingOpen: Date;
  judgingClose: Date;
  resultsAt: Date;
  prompts: { id: string; title: string; body: string }[];
  rubrics: { id: string; name: string; criteria: Criterion[] }[];
  /** When the snapshot shown was taken; null when the live row is shown. */
  snapshotDate: Date | null;
};

/** The snapshot for a published contest that has one; the row otherwise (drafts show their current state). */
export function publicContest(row: ContestRow): PublicContest {
  const snap = row.isPublished ? parseSnapshot(row.publishedSnapshot) : null;
  if (snap) {
    return {
      id: row.id,
      slug: row.slug,
      isPublished: row.isPublished,
      title: snap.title,
      description: snap.description,
      rules: snap.rules,
      wordMin: snap.wordMin,
      wordMax: snap.wordMax,
      entryFeeCents: snap.entryFeeCents,
      timeZone: snap.timeZone,
      submissionsOpen: new Date(snap.submissionsOpen),
      submissionsClose: new Date(snap.submissionsClose),
      judgingOpen: new Date(snap.judgingOpen),
      judgingClose: new Date(snap.judgingClose),
      resultsAt: new Date(snap.resultsAt),
      prompts: snap.prompts,
      rubrics: snap.rubrics,
      snapshotDate: new Date(snap.snapshotDate),
    };
  }
  return {
    id: row.id,
    slug: row.slug,
    isPublished: row.isPublished,
    title: row.title,
    description: row.description,
    rules: row.rules,
    wordMin: row.wordMin,
    wordMax: row.wordMax,
    entryFeeCents: row.entryFeeCents,
    timeZone: row.timeZone,
    submissionsOpen: row.submissionsOpen,
    submissionsClose: row.submissionsClose,
    judgingOpen: row.judgingOpen,
    judgingClose: row.judgingClose,
    resultsAt: row.resultsAt,
    prompts: (row.prompts ?? []).map((p) => ({ id: p.id, title: p.title, body: p.body })),
    rubrics: (row.rubrics ?? []).map((r) => ({ id: r.id, name: r.name, criteria: parseCriteria(r.criteria) })),
    snapshotDate: null,
  };
}

/** "50%" for a weight of 0.5. */
export function weightPercent(weight: number) {
  return `${Math.round(weight * 1000) / 10}%`;
}
