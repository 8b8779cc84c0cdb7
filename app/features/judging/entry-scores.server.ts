/**
 * One entry's scores for the admin's scoring page: every judge's criteria, totals and comments,
 * with the entry's average (docs/decisions/0007).
 */
import { adminWriterLabel, adminWriterSelect } from "./writer";
import { parseCriteria } from "~/features/contests/rubric";
import { prisma } from "~/utils/db.server";
import { averageScore, parseScores } from "./scoring";

type StoredValues = { scores: Record<string, number>; comment: string; total: number };
/** A history row's before/after JSON; unreadable parts read as empty. */
function storedValues(json: string): StoredValues {
  try {
    const v = JSON.parse(json) as Partial<StoredValues> | null;
    return {
      scores:
        v?.scores && typeof v.scores === "object" ? parseScores(JSON.stringify(v.scores)) : {},
      comment: typeof v?.comment === "string" ? v.comment : "",
      total: typeof v?.total === "number" ? v.total : 0,
    };
  } catch {
    return { scores: {}, comment: "", total: 0 };
  }
}

/**
 * The admin's per-entry view: every judge's submitted criterion scores and comments, whether a
 * draft is in progress, and the history of changes to each submitted score (who, when, before,
 * after). The average uses the one rounding rule (scoring.ts averageScore).
 */
export async function entryScores(submissionId: string) {
  const submission = await prisma.submission.findUnique({
    where: { id: submissionId },
    select: {
      id: true,
      title: true,
      status: true,
      wordCount: true,
      contest: { select: { id: true, title: true, timeZone: true } },
      ...adminWriterSelect,
      assignments: {
        select: {
          id: true,
          judge: { select: { email: true, displayName: true } },
          draft: { select: { updatedAt: true } },
          score: {
            select: {
              scores: true,
              comment: true,
              total: true,
              submittedAt: true,
              rubric: { select: { name: true, criteria: true } },
              history: {
                select: {
                  id: true,
                  changedAt: true,
                  before: true,
                  after: true,
                  changedBy: { select: { displayName: true, email: true } },
                },
                orderBy: [{ changedAt: "asc" }, { id: "asc" }],
              },
            },
          },
        },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      },
    },
  });
  if (!submission) return null;
  const judges = submission.assignments.map((a) => {
    const criteria = a.score ? parseCriteria(a.score.rubric.criteria) : [];
    const labelled = (values: Record<string, number>) =>
      criteria.map((c) => ({ key: c.key, label: c.label, value: values[c.key] ?? null }));
    return {
      id: a.id,
      judge: a.judge,
      draftInProgress: Boolean(a.draft),
      score: a.score
        ? {
            total: a.score.total,
            submitted: Boolean(a.score.submittedAt),
            comment: a.score.comment,
            rubricName: a.score.rubric.name,
            criteria: criteria.map((c) => ({
              key: c.key,
              label: c.label,
              maxPoints: c.maxPoints,
              weight: c.weight,
              value: parseScores(a.score!.scores)[c.key] ?? 0,
            })),
            history: a.score.history.map((h) => {
              const before = storedValues(h.before);
              const after = storedValues(h.after);
              return {
                id: h.id,
                changedAt: h.changedAt,
                changedBy: h.changedBy,
                before: { ...before, criteria: labelled(before.scores) },
                after: { ...after, criteria: labelled(after.scores) },
              };
            }),
          }
        : null,
    };
  });
  const submitted = judges.filter((j) => j.score?.submitted).map((j) => j.score!.total);
  return {
    submission: {
      ...submission,
      assignments: undefined,
      pupil: undefined,
      entrant: { displayName: adminWriterLabel(submission), email: submission.entrant.email },
    },
    judges,
    average: averageScore(submitted),
  };
}

/** A stage of a contest with divisions or rounds: one round, in one division or all. */
