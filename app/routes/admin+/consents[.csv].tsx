import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createReadableStreamFromReadable, type LoaderFunctionArgs } from "@remix-run/node";
import { stringify } from "csv-stringify";
import { requireAdmin } from "~/features/accounts/auth.server";
import { LEDGER_CSV_COLUMNS, ledgerCsvRows } from "~/features/classrooms/consent-ledger.server";
import { csvResponse, csvSafe } from "~/utils/csv-export";

/**
 * GET /admin/consents.csv: every row of the consent ledger (ADR 0031), newest first, optionally of
 * one contest (?contest=), read in batches and streamed.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const contestId = new URL(request.url).searchParams.get("contest")?.slice(0, 64) || undefined;
  const csv = stringify({ header: true, columns: [...LEDGER_CSV_COLUMNS], bom: true });
  async function* rows() {
    for await (const row of ledgerCsvRows(contestId)) yield row.map(csvSafe);
  }
  pipeline(Readable.from(rows()), csv).catch((error) => {
    console.error("consent ledger CSV failed", error);
    csv.destroy(error as Error);
  });
  return csvResponse(createReadableStreamFromReadable(csv), "consent-ledger.csv");
}
