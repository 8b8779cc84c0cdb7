import type { AuthzRow } from "./types";

/** Issue 4: public contests, entries, the entrant dashboard, admin submissions and e-mails. */
export const entryRoutes: AuthzRow[] = [];
