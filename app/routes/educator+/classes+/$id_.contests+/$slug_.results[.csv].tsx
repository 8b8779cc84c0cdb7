import type { LoaderFunctionArgs } from "@remix-run/node";
import { stringify } from "csv-stringify/sync";
import { classCsvColumns, classResultsRows } from "~/features/classrooms/class-results.server";
import { csvResponse, csvSafe } from "~/utils/csv-export";
import { loadClassResults } from "./class-results.server";

/** The class's results in a contest as CSV: pupil, grade, title, status, score, award
 * (and division, progress in a contest with divisions or rounds). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { view } = await loadClassResults(request, params);
  const text = stringify(
    classResultsRows(view).map((row) => row.map(csvSafe)),
    { header: true, columns: classCsvColumns(view), bom: true },
  );
  return csvResponse(text, `class-results-${view.contest.slug}.csv`);
}
