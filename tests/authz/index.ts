import { contestRoutes } from "./contests";
import { entryRoutes } from "./entries";
import { foundationRoutes } from "./foundation";
import { hardeningRoutes } from "./hardening";
import { judgingRoutes } from "./judging";
import type { AuthzRow } from "./types";

/** Every route of the site, for visitor, entrant, judge and admin; each issue owns one file. */
export const allRoutes: AuthzRow[] = [
  ...foundationRoutes,
  ...contestRoutes,
  ...entryRoutes,
  ...judgingRoutes,
  ...hardeningRoutes,
];
