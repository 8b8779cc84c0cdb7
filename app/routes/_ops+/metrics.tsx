import type { LoaderFunctionArgs } from "@remix-run/node";
import { metricsAccess, metricsText } from "~/features/operations/metrics.server";

/**
 * Prometheus metrics behind `Authorization: Bearer <METRICS_TOKEN>` (docs/decisions/0036-health-and-logs.md):
 * without a token configured the route does not exist; a wrong or missing token is a bare 401.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const access = metricsAccess(request.headers.get("Authorization"));
  if (access === "not-configured") return new Response("Not Found", { status: 404 });
  if (access === "refused")
    return new Response("Unauthorized", {
      status: 401,
      headers: { "WWW-Authenticate": "Bearer" },
    });
  return new Response(await metricsText(), {
    headers: {
      "Content-Type": "text/plain; version=0.0.4; charset=utf-8",
      "Cache-Control": "no-store",
    },
  });
}
