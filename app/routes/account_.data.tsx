import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/features/accounts/auth.server";
import { exportUserData } from "~/features/accounts/data-export.server";

/** "Download my data": the signed-in user's own data as a JSON file. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const body = JSON.stringify(await exportUserData(user.id), null, 2);
  return new Response(body, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": 'attachment; filename="inkwell-my-data.json"',
      "Cache-Control": "private, no-store",
    },
  });
}
