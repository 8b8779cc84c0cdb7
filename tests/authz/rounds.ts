import { adminOnly, type AuthzContext, type AuthzRow } from "./types";

/** The comparison desk (docs/decisions/0056-comparison-rounds.md): only a judge of a comparison round. */
const noComparisonRound = {
  visitor: "->/login",
  entrant: "->/dashboard",
  judge: 404,
  admin: 404,
} as const;

/** Judging rounds (docs/decisions/0032-divisions-and-rounds.md): the admin's rounds and advance pages. */
const draftId = (ctx: AuthzContext) =>
  ctx.id("SELECT id FROM Contest WHERE slug = ?", "summer-mystery-draft");

export const roundRoutes: AuthzRow[] = [
  {
    name: "GET /admin/contests/{id}/rounds",
    path: (ctx) => `/admin/contests/${draftId(ctx)}/rounds`,
    ...adminOnly,
  },
  {
    name: "POST /admin/contests/{id}/rounds (empty)",
    method: "POST",
    path: (ctx) => `/admin/contests/${draftId(ctx)}/rounds`,
    form: { intent: "save-rounds" },
    ...adminOnly,
    admin: 400,
  },
  {
    // A contest of one round has nobody going on: back to its rounds page.
    name: "GET /admin/contests/{id}/rounds/1/advance (one round)",
    path: (ctx) => `/admin/contests/${draftId(ctx)}/rounds/1/advance`,
    ...adminOnly,
    admin: "->/admin/contests/*",
  },
  {
    // The refused post cannot be shown on a page a contest of one round does not have: the
    // page's loader sends the admin back to the rounds page, as the GET does.
    name: "POST /admin/contests/{id}/rounds/1/advance (empty)",
    method: "POST",
    path: (ctx) => `/admin/contests/${draftId(ctx)}/rounds/1/advance`,
    form: { intent: "choose" },
    ...adminOnly,
    admin: "->/admin/contests/*",
  },
  {
    name: "GET /judge/compare/{id} (a contest without a comparison round)",
    path: (ctx) => `/judge/compare/${draftId(ctx)}`,
    ...noComparisonRound,
  },
  {
    name: "POST /judge/compare/{id} (a contest without a comparison round)",
    method: "POST",
    path: (ctx) => `/judge/compare/${draftId(ctx)}`,
    form: { intent: "choose", comparisonId: "x", winner: "A" },
    ...noComparisonRound,
  },
  {
    name: "POST /judge/compare/{id} step back (a contest without a comparison round)",
    method: "POST",
    path: (ctx) => `/judge/compare/${draftId(ctx)}`,
    form: { intent: "step-back", comparisonId: "x", piece: "A", reason: "knows-writer" },
    ...noComparisonRound,
  },
];
