import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/features/accounts/auth.server";
import { dataExportFileName, exportUserDataZip } from "~/features/privacy/data-export-zip.server";

/**
 * "Download my data": the signed-in user's own data and uploaded files, as one zip streamed from
 * storage (docs/decisions/0026-entry-flow.md).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const now = new Date();
  return new Response(await exportUserDataZip(user.id, now), {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${dataExportFileName(now)}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
