import { allRoutes } from "../authz";
import type { AuthzContext, AuthzRole } from "../authz/types";
import { ADMIN, EDUCATOR, ENTRANT, JUDGE, e2eDb } from "./utils";

/** The demo account each signed-in role uses. */
export const ACCOUNTS: Record<Exclude<AuthzRole, "visitor">, string> = {
  entrant: ENTRANT,
  judge: JUDGE,
  admin: ADMIN,
  educator: EDUCATOR,
};

/**
 * Every page `role` can open: the GET rows of the authorization table answering it 200. For an
 * educator, only the rows that name the educator (the others are the entrant's pages, checked
 * once as the entrant).
 */
export function pagesFor(role: AuthzRole) {
  const db = e2eDb();
  const ctx: AuthzContext = {
    db,
    id: (sql, ...params) => {
      const row = db.prepare(sql).get(...params) as { id: string } | undefined;
      if (!row) throw new Error(`fixture not found: ${sql}`);
      return row.id;
    },
  };
  try {
    const paths: string[] = [];
    for (const r of allRoutes) {
      if ((r.method ?? "GET") !== "GET") continue;
      if (role === "educator" ? r.educator !== 200 : r[role] !== 200) continue;
      try {
        paths.push(typeof r.path === "function" ? r.path(ctx) : r.path);
      } catch {
        // A row whose fixture another spec makes (the authorization walk): when that spec has
        // not run yet, the same page is still covered by the rows on the demo data.
      }
    }
    return [...new Set(paths)];
  } finally {
    db.close();
  }
}
