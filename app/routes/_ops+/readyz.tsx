import { readiness } from "~/features/operations/health.server";

/**
 * Readiness (docs/decisions/0036-health-and-logs.md): 200 when the database, storage, scheduler
 * and outbox are well and the process is not shutting down, 503 otherwise, with short reasons.
 * Public, uncached, no session.
 */
export async function loader() {
  const report = await readiness();
  return Response.json(report, {
    status: report.ok ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
}
