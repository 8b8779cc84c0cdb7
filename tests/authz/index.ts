import { foundationRoutes } from "./foundation";
import type { AuthzRow } from "./types";

/** Every route of the site; each issue adds its own file here. */
export const allRoutes: AuthzRow[] = [...foundationRoutes];
