import type { AuthzRow } from "./types";

/** Issue 5: judges, assignment, the review queue, scoring and results. */
export const judgingRoutes: AuthzRow[] = [];
