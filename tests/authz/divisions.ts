import { adminOnly, type AuthzContext, type AuthzRow } from "./types";

/** A contest's divisions page (docs/decisions/0032-divisions-and-rounds.md). */
const draftId = (ctx: AuthzContext) =>
  ctx.id("SELECT id FROM Contest WHERE slug = ?", "summer-mystery-draft");

// POST rows carry no valid form data: other roles get the role check, the admin a 4xx or a redirect.
const adminPost = { visitor: "->/login", entrant: "->/dashboard", judge: "->/dashboard" } as const;

export const divisionRoutes: AuthzRow[] = [
  {
    name: "GET /admin/contests/{id}/divisions",
    path: (ctx) => `/admin/contests/${draftId(ctx)}/divisions`,
    ...adminOnly,
  },
  {
    name: "GET /admin/contests/{unknown}/divisions",
    path: "/admin/contests/no-such-contest/divisions",
    ...adminOnly,
    admin: "->/admin/contests",
  },
  {
    name: "POST /admin/contests/{id}/divisions (add, empty)",
    method: "POST",
    path: (ctx) => `/admin/contests/${draftId(ctx)}/divisions`,
    form: { intent: "add" },
    ...adminPost,
    admin: 400,
  },
  {
    name: "POST /admin/contests/{id}/divisions (delete, unknown division)",
    method: "POST",
    path: (ctx) => `/admin/contests/${draftId(ctx)}/divisions`,
    form: { intent: "delete", divisionId: "no-such-division" },
    ...adminPost,
    admin: "->/admin/contests/*",
  },
];
