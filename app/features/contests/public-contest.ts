/**
 * What the public sees of a contest: the published snapshot when one exists (docs/decisions/
 * 0009-domain-rules.md), otherwise the contest row. Entry rules (window, word range, fee) are enforced on
 * the same view the entrant was shown.
 */
import {
  contestItems,
  parseSnapshot,
  snapshotDates,
  type ContestSettings,
} from "./contest-snapshot";
import type { Criterion } from "./rubric";
import { aiPolicyOf, type AiPolicy } from "./ai-policy";

export type ContestRow = ContestSettings & {
  id: string;
  isPublished: boolean;
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
  entriesPerWriter: number;
  /** The AI-use policy shown (ADR 0053): the snapshot's once published. */
  aiPolicy: AiPolicy;
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
  const shown = snap
    ? { ...snap, ...snapshotDates(snap), snapshotDate: new Date(snap.snapshotDate) }
    : { ...row, ...contestItems(row), snapshotDate: null };
  return {
    id: row.id,
    slug: row.slug,
    isPublished: row.isPublished,
    title: shown.title,
    description: shown.description,
    rules: shown.rules,
    wordMin: shown.wordMin,
    wordMax: shown.wordMax,
    entryFeeCents: shown.entryFeeCents,
    entriesPerWriter: shown.entriesPerWriter,
    aiPolicy: aiPolicyOf(shown.aiPolicy),
    timeZone: shown.timeZone,
    submissionsOpen: shown.submissionsOpen,
    submissionsClose: shown.submissionsClose,
    judgingOpen: shown.judgingOpen,
    judgingClose: shown.judgingClose,
    resultsAt: shown.resultsAt,
    prompts: shown.prompts,
    rubrics: shown.rubrics,
    snapshotDate: shown.snapshotDate,
  };
}

/** "50%" for a weight of 0.5. */
export function weightPercent(weight: number) {
  return `${Math.round(weight * 1000) / 10}%`;
}
