import { adminOnly, publicPage, type AuthzRow } from "./types";

/**
 * Health and observability (docs/decisions/0036-health-and-logs.md): the deploy's probes are
 * public, the health page is the admins', /metrics wants its Bearer token (METRICS_TOKEN is set
 * on the e2e server; no one here sends it).
 */
export const operationRoutes: AuthzRow[] = [
  { path: "/healthz", ...publicPage },
  { path: "/readyz", ...publicPage },
  { path: "/admin/health", ...adminOnly },
  { path: "/metrics", visitor: 401, entrant: 401, judge: 401, admin: 401 },
];
