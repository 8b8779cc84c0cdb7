import { adminOnly, type AuthzContext, type AuthzRow } from "./types";

/**
 * A contest's possible copies (docs/decisions/0054-copied-entries.md): admins only. The POST rows
 * carry no pair (a refusal toast back to the page) or ask for the whole contest's check.
 */
const contestId = (ctx: AuthzContext) =>
  ctx.id("SELECT id FROM Contest WHERE slug = ?", "winter-tales-2026");
const adminPost = { visitor: "->/login", entrant: "->/dashboard", judge: "->/dashboard" } as const;

export const copiesRoutes: AuthzRow[] = [
  {
    name: "GET /admin/contests/{id}/copies",
    path: (ctx) => `/admin/contests/${contestId(ctx)}/copies`,
    ...adminOnly,
  },
  {
    name: "GET /admin/contests/{id}/copies?pair={unknown}",
    path: (ctx) => `/admin/contests/${contestId(ctx)}/copies?pair=no-such-pair`,
    ...adminOnly,
  },
  {
    name: "GET /admin/contests/{unknown}/copies",
    path: "/admin/contests/no-such-contest/copies",
    ...adminOnly,
    admin: "->/admin/contests",
  },
  {
    name: "POST /admin/contests/{id}/copies (clear, unknown pair)",
    method: "POST",
    path: (ctx) => `/admin/contests/${contestId(ctx)}/copies`,
    form: { intent: "clear", pairId: "no-such-pair" },
    ...adminPost,
    admin: "->/admin/contests/*",
  },
  {
    name: "POST /admin/contests/{id}/copies (disqualify, no entry chosen)",
    method: "POST",
    path: (ctx) => `/admin/contests/${contestId(ctx)}/copies`,
    form: { intent: "disqualify", pairId: "no-such-pair" },
    ...adminPost,
    admin: "->/admin/contests/*",
  },
  {
    name: "POST /admin/contests/{id}/copies (check the whole contest)",
    method: "POST",
    path: (ctx) => `/admin/contests/${contestId(ctx)}/copies`,
    form: { intent: "check" },
    ...adminPost,
    admin: "->/admin/contests/*",
  },
];
