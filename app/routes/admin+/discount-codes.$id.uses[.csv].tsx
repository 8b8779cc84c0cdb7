import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createReadableStreamFromReadable, type LoaderFunctionArgs } from "@remix-run/node";
import { stringify } from "csv-stringify";
import { requireAdmin } from "~/features/accounts/auth.server";
import {
  USES_CSV_COLUMNS,
  discountCodeUseRows,
  getDiscountCode,
} from "~/features/payments/discount-codes.server";
import { csvResponse, csvSafe } from "~/utils/csv-export";
import { notFound } from "~/utils/responses";

/** GET /admin/discount-codes/:id/uses.csv: every entry that used the code, streamed (ADR 0020). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const code = await getDiscountCode(params.id ?? "");
  if (!code) throw notFound();
  const csv = stringify({ header: true, columns: [...USES_CSV_COLUMNS], bom: true });
  async function* rows() {
    for await (const row of discountCodeUseRows(code!.id)) yield row.map(csvSafe);
  }
  pipeline(Readable.from(rows()), csv).catch((error) => {
    console.error("uses CSV failed", error);
    csv.destroy(error as Error);
  });
  return csvResponse(createReadableStreamFromReadable(csv), `code-${code.code}-uses.csv`);
}
