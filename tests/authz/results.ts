import { adminOnly, publicPage, type AuthzContext, type AuthzRow } from "./types";

const WINTER = "SELECT id FROM Contest WHERE slug = 'winter-tales-2026'";
/** A Winter Tales entry written by someone who is none of the four test accounts. */
const othersEntry = (ctx: AuthzContext) =>
  ctx.id(
    `SELECT s.id AS id FROM Submission s JOIN User u ON u.id = s.entrantId
     WHERE u.email = 'writer1@inkwell.test' AND s.contestId = (${WINTER}) LIMIT 1`,
  );

/** Results and recognition: the public page, the admin's awards page, certificates. */
export const resultRoutes: AuthzRow[] = [
  { path: "/contests/winter-tales-2026/results", ...publicPage },
  { path: "/contests/autumn-poetry-in-prose/results", ...publicPage },
  { path: "/contests/no-such-contest/results", visitor: 404, entrant: 404, judge: 404, admin: 404 },
  {
    name: "GET /admin/contests/:id/results",
    path: (ctx) => `/admin/contests/${ctx.id(WINTER)}/results`,
    ...adminOnly,
  },
  {
    name: "POST /admin/contests/:id/results (valid settings, after results_at)",
    method: "POST",
    path: (ctx) => `/admin/contests/${ctx.id(WINTER)}/results`,
    form: { intent: "settings", places: "3", honourableMentions: "1" },
    ...adminOnly,
    admin: 400,
  },
  {
    name: "GET another writer's certificate",
    path: (ctx) => `/dashboard/submissions/${othersEntry(ctx)}/certificate`,
    visitor: "->/login",
    entrant: 404,
    judge: 404,
    admin: 404,
  },
];
