import { Readable } from "node:stream";
import { createReadableStreamFromReadable, type LoaderFunctionArgs } from "@remix-run/node";
import { stringify } from "csv-stringify/sync";
import { requireAdmin } from "~/features/accounts/auth.server";
import { csvResponse, csvSafe } from "~/utils/csv-export";
import {
  CSV_COLUMNS,
  adminSubmissionRowsForCsv,
  parseAdminFilter,
} from "~/features/entries/admin-submissions.server";

/** Rows per chunk of CSV text: one write per chunk, not per row. */
const CHUNK_ROWS = 1000;

/** CSV of the filtered submissions list, streamed in batches (GET /admin/submissions/export.csv?contest=&status=). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const filter = parseAdminFilter(new URL(request.url));
  async function* chunks() {
    let first = true;
    let batch: (string | number)[][] = [];
    const text = () => {
      const options = first ? { header: true, columns: [...CSV_COLUMNS], bom: true } : {};
      first = false;
      const out = stringify(batch, options);
      batch = [];
      return out;
    };
    try {
      for await (const row of adminSubmissionRowsForCsv(filter)) {
        batch.push(row.map(csvSafe));
        if (batch.length === CHUNK_ROWS) yield text();
      }
      if (batch.length || first) yield text();
    } catch (error) {
      console.error("CSV export failed", error);
      throw error;
    }
  }
  const date = new Date().toISOString().slice(0, 10);
  return csvResponse(
    createReadableStreamFromReadable(Readable.from(chunks())),
    `submissions-${date}.csv`,
  );
}
