import { Readable } from "node:stream";
import { createReadableStreamFromReadable, type LoaderFunctionArgs } from "@remix-run/node";
import { stringify } from "csv-stringify/sync";
import { requireAdmin } from "~/features/accounts/auth.server";
import { rankingPages, type RankingMode, type RankingRow } from "~/features/judging/ranking.server";
import { findContest } from "~/features/assignment/auto-assign.server";
import { csvResponse, csvSafe } from "~/utils/csv-export";
import { formatScore } from "~/features/judging/scoring";
import { formatMeasure } from "~/features/comparison/scale-words";
import { redirectWithToast } from "~/utils/toast.server";
import { contestStage, pickStage } from "~/features/results/stage.server";
import { stagePages, type StageCsvRow } from "~/features/results/stage-pages.server";

/** The ranking of one contest as CSV (every entry, two decimals), for admins. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const contest = await findContest(url.searchParams.get("contest"));
  if (!contest)
    return redirectWithToast("/admin/scoring", { type: "error", title: "Select a contest" });
  const mode: RankingMode = url.searchParams.get("normalize") === "z" ? "z" : "raw";
  const stage = await contestStage(contest.id);
  if (stage.staged) {
    // A staged contest: one round, one division or all (division=all), ranked within each
    // division (docs/decisions/0032-divisions-and-rounds.md), streamed a page at a time
    // (docs/decisions/0074-division-z-ranking.md).
    const pick = pickStage(stage, url.searchParams, {
      allDivisions: url.searchParams.get("division") === "all",
    });
    const division = pick.divisionId
      ? `-${stage.divisions.findIndex((d) => d.id === pick.divisionId) + 1}`
      : "";
    const base = `scoring-${contest.slug}-round-${pick.round}${division ? `-division${division}` : ""}`;
    const pages = stagePages(contest.id, stage, { ...pick, mode });
    if (stage.rounds.find((r) => r.number === pick.round)?.method === "comparison") {
      // A comparison round: the measure and its standard error, not an average
      // (docs/decisions/0056-comparison-rounds.md).
      const header = [
        "Rank within division",
        "Division",
        "Round",
        "Submission ID",
        "Title",
        "Entrant",
        "Entrant Email",
        "Comparisons",
        "Measure",
        "SE",
      ];
      const record = (r: StageCsvRow) =>
        [
          r.rank === null ? "" : String(r.rank),
          csvSafe(r.division),
          String(pick.round),
          r.id,
          csvSafe(r.title),
          csvSafe(r.entrant?.displayName ?? ""),
          csvSafe(r.entrant?.email ?? ""),
          String(r.scored),
          formatMeasure(r.average),
          r.se === null || r.se === undefined ? "" : r.se.toFixed(2),
        ].map((v) => (v === "—" ? "" : v));
      return csvResponse(csvStream(header, pages, record), `${base}-comparison.csv`);
    }
    const header = [
      "Rank within division",
      "Division",
      "Round",
      "Submission ID",
      "Title",
      "Entrant",
      "Entrant Email",
      "Scores In",
      "Judges Assigned",
      "Average Score",
    ];
    if (mode === "z") header.push("Normalised Score", "Normalised Scores Used");
    const record = (r: StageCsvRow) => {
      const cells = [
        r.rank === null ? "" : String(r.rank),
        csvSafe(r.division),
        String(pick.round),
        r.id,
        csvSafe(r.title),
        csvSafe(r.entrant?.displayName ?? ""),
        csvSafe(r.entrant?.email ?? ""),
        String(r.scored),
        String(r.assigned),
        r.raw === null ? "" : formatScore(r.raw),
      ];
      if (mode === "z")
        cells.push(r.average === null ? "" : formatScore(r.average), String(r.used));
      return cells;
    };
    const name = `${base}${mode === "z" ? "-normalised" : ""}.csv`;
    return csvResponse(csvStream(header, pages, record), name);
  }
  // Streamed a page of the ranking at a time (docs/decisions/0052-per-request-work.md).
  const header = [
    "Rank",
    "Submission ID",
    "Title",
    "Entrant",
    "Entrant Email",
    "Scores In",
    "Judges Assigned",
    "Average Score",
  ];
  if (mode === "z") header.push("Normalised Score", "Normalised Scores Used");
  const record = (r: RankingRow & { entrant: { displayName: string; email: string } | null }) => {
    const cells = [
      r.rank === null ? "" : String(r.rank),
      r.id,
      csvSafe(r.title),
      csvSafe(r.entrant?.displayName ?? ""),
      csvSafe(r.entrant?.email ?? ""),
      String(r.scored),
      String(r.assigned),
      r.raw === null ? "" : formatScore(r.raw),
    ];
    if (mode === "z") cells.push(r.average === null ? "" : formatScore(r.average), String(r.used));
    return cells;
  };
  const name = `scoring-${contest.slug}${mode === "z" ? "-normalised" : ""}.csv`;
  return csvResponse(csvStream(header, rankingPages(contest.id, mode), record), name);
}

/** A CSV streamed a page of records at a time (docs/decisions/0052-per-request-work.md). */
function csvStream<T>(
  header: string[],
  pages: AsyncIterable<T[]>,
  record: (row: T) => string[],
): BodyInit {
  async function* chunks() {
    yield stringify([header]);
    try {
      for await (const page of pages) yield stringify(page.map(record));
    } catch (error) {
      console.error("CSV export failed", error);
      throw error;
    }
  }
  return createReadableStreamFromReadable(Readable.from(chunks()));
}
