import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createReadableStreamFromReadable, type LoaderFunctionArgs } from "@remix-run/node";
import { stringify } from "csv-stringify";
import { requireAdmin } from "~/features/accounts/auth.server";
import { csvResponse, csvSafe } from "~/utils/csv-export";
import {
  CSV_COLUMNS,
  adminSubmissionRowsForCsv,
  parseAdminFilter,
} from "~/features/entries/admin-submissions.server";

/** CSV of the filtered submissions list, streamed in batches (GET /admin/submissions/export.csv?contest=&status=). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const filter = parseAdminFilter(new URL(request.url));
  const csv = stringify({ header: true, columns: [...CSV_COLUMNS], bom: true });
  async function* rows() {
    for await (const row of adminSubmissionRowsForCsv(filter)) yield row.map(csvSafe);
  }
  pipeline(Readable.from(rows()), csv).catch((error) => {
    console.error("CSV export failed", error);
    csv.destroy(error as Error);
  });
  const date = new Date().toISOString().slice(0, 10);
  return csvResponse(createReadableStreamFromReadable(csv), `submissions-${date}.csv`);
}
