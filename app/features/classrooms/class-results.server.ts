/**
 * A class's entries in one contest, for its educator (docs/decisions/0031-classrooms-and-shared-computers.md):
 * every pupil's entries with their status and, once the contest's results are out, each entry's
 * average score, the judges' feedback as an entrant reads it ("Judge 1", never a name), its award
 * and certificate; the class's results as CSV, its certificates as one zip, and the educator's
 * own certificate when a pupil placed. The caller has checked the class is this educator's
 * (`ownClassroom`). A few queries per page, whatever the class size: no query per entry.
 */
import { statusLabel } from "~/features/entries/submission-status";
import { resultsDate, resultsOut, resultsReleaseSelect } from "~/features/contests/results-release";
import { zipSync } from "fflate";
import { parseCriteria } from "~/features/contests/rubric";
import { averageScore, decidingRound, parseScores } from "~/features/judging/scoring";
import { awardLabel } from "~/features/results/awards";
import {
  awardInSentence,
  certificatesFor,
  educatorCertificatePdf,
} from "~/features/results/certificate.server";
import {
  awardsOf,
  comparisonFeedbackOfEntries,
  withComparisonNotes,
} from "~/features/results/results.server";
import { progressLabels } from "~/features/results/entry-progress.server";
import { formatDate } from "~/utils/dates";
import { prisma } from "~/utils/db.server";
import { DomainError } from "~/utils/domain-error";
import { pupilName } from "./educator-access.server";

export class ClassResultsRefused extends DomainError {}

/** How a grade reads: "K" for kindergarten, "" when not given. */
export const gradeLabel = (grade: number | null) =>
  grade === null ? "" : grade === 0 ? "K" : String(grade);

/** The class's entries in a published contest (null when there is no such contest). */
export async function classContestResults(classroomId: string, slug: string, now = new Date()) {
  const contest = await prisma.contest.findFirst({
    where: { slug, isPublished: true },
    select: { id: true, slug: true, title: true, timeZone: true, ...resultsReleaseSelect },
  });
  if (!contest) return null;
  // As /dashboard decides, by the published results date (ADR 0045).
  const published = resultsOut(contest, now);
  const entries = await prisma.submission.findMany({
    where: { contestId: contest.id, pupil: { classroomId } },
    orderBy: [
      { pupil: { lastInitial: "asc" } },
      { pupil: { firstName: "asc" } },
      { createdAt: "asc" },
      { id: "asc" },
    ],
    select: {
      id: true,
      title: true,
      status: true,
      createdAt: true,
      division: { select: { name: true } },
      pupil: { select: { id: true, firstName: true, lastInitial: true, grade: true } },
    },
  });
  const judged = published ? entries.filter((e) => e.status === "submitted").map((e) => e.id) : [];
  const [scores, awards, progress, divisions, rounds, compared] = await Promise.all([
    judged.length
      ? prisma.score.findMany({
          where: { submissionId: { in: judged }, submittedAt: { not: null } },
          orderBy: [{ submissionId: "asc" }, { submittedAt: "asc" }, { id: "asc" }],
          // No judge field: the feedback is anonymous, as the entrant reads it.
          select: {
            id: true,
            submissionId: true,
            scores: true,
            comment: true,
            total: true,
            rubric: { select: { criteria: true } },
            assignment: { select: { round: true } },
          },
        })
      : [],
    awardsOf(judged, now),
    // How far each entry went in a contest of several rounds (docs/decisions/0032-divisions-and-rounds.md).
    progressLabels(judged, now),
    prisma.division.count({ where: { contestId: contest.id } }),
    prisma.judgingRound.count({ where: { contestId: contest.id } }),
    // Notes on pieces judged by comparison, as the entrant reads them (ADR 0056).
    comparisonFeedbackOfEntries(judged),
  ]);
  const bySubmission = new Map<string, typeof scores>();
  for (const s of scores) {
    bySubmission.set(s.submissionId, [...(bySubmission.get(s.submissionId) ?? []), s]);
  }
  return {
    contest: {
      id: contest.id,
      slug: contest.slug,
      title: contest.title,
      resultsAt: resultsDate(contest),
      timeZone: contest.timeZone,
    },
    published,
    /** Whether the contest has divisions (a Division column) and several rounds (a Progress column). */
    hasDivisions: divisions > 0,
    hasRounds: rounds > 0,
    entries: entries.map((e) => {
      const own = (bySubmission.get(e.id) ?? []).map((s) => ({ ...s, round: s.assignment.round }));
      const feedback = withComparisonNotes(own, compared.get(e.id));
      const labels = feedback.labels;
      const award = awards.get(e.id) ?? null;
      const results = published && e.status === "submitted";
      return {
        id: e.id,
        title: e.title,
        status: e.status,
        createdAt: e.createdAt,
        division: e.division?.name ?? null,
        pupil: { id: e.pupil!.id, name: pupilName(e.pupil!), grade: e.pupil!.grade },
        results: results
          ? {
              // The round that decided the entry (docs/decisions/0032-divisions-and-rounds.md).
              // A comparison round that read it last decided it: no average (ADR 0056).
              average: feedback.comparedLast
                ? null
                : averageScore(decidingRound(own).map((s) => s.total)),
              comparedLast: feedback.comparedLast,
              notes: feedback.notes,
              award: award ? { kind: award.kind, label: awardLabel(award) } : null,
              certificate: award !== null,
              progress: progress[e.id] ?? null,
              reviews: own.map((s, i) => {
                const values = parseScores(s.scores);
                return {
                  id: s.id,
                  label: labels[i],
                  total: s.total,
                  comment: s.comment?.trim() || null,
                  criteria: parseCriteria(s.rubric.criteria).map((c) => ({
                    key: c.key,
                    label: c.label,
                    maxPoints: c.maxPoints,
                    score: Number(values[c.key] ?? 0),
                  })),
                };
              }),
            }
          : null,
      };
    }),
  };
}

export type ClassContestResults = NonNullable<Awaited<ReturnType<typeof classContestResults>>>;

const CLASS_CSV_COLUMNS = ["Pupil", "Grade", "Title", "Status", "Score", "Award"] as const;

/**
 * The CSV's columns: pupil, grade, title, status, score, award; then "Division" for a contest
 * with divisions and "Progress" for one of several rounds (docs/decisions/0032-divisions-and-rounds.md).
 */
export function classCsvColumns(view: ClassContestResults) {
  return [
    ...CLASS_CSV_COLUMNS,
    ...(view.hasDivisions ? ["Division"] : []),
    ...(view.hasRounds ? ["Progress"] : []),
  ];
}

/** The class's results as CSV rows, in the order of `classCsvColumns`. */
export function classResultsRows(view: ClassContestResults) {
  return view.entries.map((e) => [
    e.pupil.name,
    gradeLabel(e.pupil.grade),
    e.title,
    // The page's label ("Submitted"), not the stored value.
    statusLabel(e.status),
    e.results?.average != null ? e.results.average.toFixed(2) : "",
    e.results?.award?.label ?? "",
    ...(view.hasDivisions ? [e.division ?? ""] : []),
    ...(view.hasRounds ? [e.results?.progress ?? ""] : []),
  ]);
}

/** One certificate of the class's entries (results out, awarded), or null. */
export async function classCertificate(view: ClassContestResults, submissionId: string) {
  const entry = view.entries.find((e) => e.id === submissionId);
  if (!entry?.results?.certificate) return null;
  const [certificate] = await certificatesFor([entry.id]);
  return certificate ?? null;
}

/**
 * The class's certificates in one zip, one PDF per awarded entry, named after the pupil (and
 * numbered when two would share a name). Refused with a clear message when there are none.
 */
export async function classCertificatesZip(view: ClassContestResults) {
  if (!view.published) {
    throw new ClassResultsRefused("Certificates are ready once this contest's results are out.");
  }
  const ids = view.entries.filter((e) => e.results?.certificate).map((e) => e.id);
  const certificates = ids.length ? await certificatesFor(ids) : [];
  if (!certificates.length) {
    throw new ClassResultsRefused(
      "None of this class's entries won an award in this contest, so there are no certificates.",
    );
  }
  const files: Record<string, Uint8Array> = {};
  for (const c of certificates) {
    let name = c.fileName;
    for (let n = 2; files[name]; n++) name = c.fileName.replace(/\.pdf$/, `-${n}.pdf`);
    files[name] = c.pdf;
  }
  // PDFs are compressed already: stored, not deflated again.
  return { zip: zipSync(files, { level: 0 }), count: certificates.length };
}

/**
 * The educator's certificate: "Grace Hopkins, Maple Grove Primary, in recognition of guiding
 * Mia R. to 1st place in Winter Tales 2026"; only once results are out and a pupil placed.
 */
export async function educatorCertificate(
  view: ClassContestResults,
  educator: { name: string; school: string },
) {
  const placed = view.entries.filter((e) => e.results?.award?.kind === "place");
  if (!placed.length) {
    throw new ClassResultsRefused(
      "The educator's certificate is for a class with a pupil who placed in this contest.",
    );
  }
  const awards = await awardsOf(placed.map((e) => e.id));
  const pdf = await educatorCertificatePdf({
    educator: educator.name,
    school: educator.school,
    placed: placed
      .filter((e) => awards.has(e.id))
      .sort((a, b) => (awards.get(a.id)!.place ?? 0) - (awards.get(b.id)!.place ?? 0))
      .map((e) => ({ pupil: e.pupil.name, award: awardInSentence(awards.get(e.id)!) })),
    contest: view.contest.title,
    date: formatDate(view.contest.resultsAt, view.contest.timeZone),
  });
  return { pdf, fileName: `inkwell-educator-certificate-${view.contest.slug}.pdf` };
}
