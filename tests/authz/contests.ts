import type { AuthzRow } from "./types";

/** Issue 3: contest administration (contests, prompts, rubrics, publishing). */
export const contestRoutes: AuthzRow[] = [];
