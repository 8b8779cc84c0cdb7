import { adminOnly, type AuthzContext, type AuthzRow } from "./types";

/**
 * The contest workspace (docs/decisions/0050-contest-workspace.md): its layout and Overview, and
 * the Entries, Assignments, Scoring and Schedule tabs. Every post names something that does not
 * exist or is refused, so the walk changes no demo data.
 */
const AUTUMN = "SELECT id FROM Contest WHERE slug = 'autumn-poetry-in-prose'";
const autumn = (ctx: AuthzContext) => ctx.id(AUTUMN);
const tab = (path: string) => (ctx: AuthzContext) => `/admin/contests/${autumn(ctx)}${path}`;

export const workspaceRoutes: AuthzRow[] = [
  { name: "GET /admin/contests/autumn (overview)", path: tab(""), ...adminOnly },
  {
    name: "GET /admin/contests/unknown",
    path: "/admin/contests/no-such-contest",
    ...adminOnly,
    admin: "->/admin/contests",
  },
  {
    name: "GET /admin/contests/autumn/entries",
    path: tab("/entries?status=bogus&page=abc"),
    ...adminOnly,
  },
  { name: "GET /admin/contests/autumn/assignments", path: tab("/assignments"), ...adminOnly },
  {
    name: "POST /admin/contests/autumn/assignments nudge (not on the panel)",
    method: "POST",
    path: tab("/assignments"),
    form: { intent: "nudge", judgeId: "no-such-judge" },
    ...adminOnly,
    admin: "->/admin/contests/*",
  },
  { name: "GET /admin/contests/autumn/scoring", path: tab("/scoring?normalize=z"), ...adminOnly },
  {
    name: "POST /admin/contests/autumn/scoring spread threshold (out of range)",
    method: "POST",
    path: tab("/scoring"),
    form: { intent: "spread", spreadPercent: "0" },
    ...adminOnly,
    admin: 400,
  },
  { name: "GET /admin/contests/autumn/schedule", path: tab("/schedule"), ...adminOnly },
  {
    name: "POST /admin/contests/autumn/schedule run-job (unknown job)",
    method: "POST",
    path: tab("/schedule"),
    form: { intent: "run-job", job: "no-such-job" },
    ...adminOnly,
    admin: "->/admin/contests/*",
  },
];
