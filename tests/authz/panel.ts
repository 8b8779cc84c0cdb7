import { adminOnly, judgeOnly, type AuthzContext, type AuthzRow } from "./types";

/** The judging panel (docs/decisions/0033-judging-panel.md): the admin's panel page, answering. */
const autumnId = (ctx: AuthzContext) =>
  ctx.id("SELECT id FROM Contest WHERE slug = ?", "autumn-poetry-in-prose");

export const panelRoutes: AuthzRow[] = [
  {
    name: "GET /admin/contests/{id}/panel",
    path: (ctx) => `/admin/contests/${autumnId(ctx)}/panel`,
    ...adminOnly,
  },
  {
    // A post without an intent is none of the page's forms: back to the page with a toast.
    name: "POST /admin/contests/{id}/panel (empty)",
    method: "POST",
    path: (ctx) => `/admin/contests/${autumnId(ctx)}/panel`,
    ...adminOnly,
    admin: "->/admin/contests/*",
  },
  {
    name: "POST /admin/contests/{id}/panel invite-email (no address)",
    method: "POST",
    path: (ctx) => `/admin/contests/${autumnId(ctx)}/panel`,
    form: { intent: "invite-email" },
    ...adminOnly,
    admin: 400,
  },
  {
    name: "POST /admin/contests/{id}/panel remove (not a member)",
    method: "POST",
    path: (ctx) => `/admin/contests/${autumnId(ctx)}/panel`,
    form: { intent: "remove", judgeId: "no-such-judge" },
    ...adminOnly,
    admin: "->/admin/contests/*",
  },
  {
    // /judge answers an invitation the signed-in judge holds; none here.
    name: "POST /judge accept (no invitation)",
    method: "POST",
    path: "/judge?index",
    form: { intent: "accept", contestId: "no-such-contest" },
    ...judgeOnly,
    judge: 400,
    admin: 400,
  },
  // The one-time panel invitation link (public page; the token, or the account, is the proof).
  {
    name: "GET /panel-invitation/:bad-token",
    path: "/panel-invitation/not-a-real-token",
    visitor: 410,
    entrant: 410,
    judge: 410,
    admin: 410,
  },
  {
    name: "POST /panel-invitation/:bad-token (empty)",
    method: "POST",
    path: "/panel-invitation/not-a-real-token",
    visitor: 400,
    entrant: 400,
    judge: 400,
    admin: 400,
  },
  {
    name: "POST /panel-invitation/:bad-token decline",
    method: "POST",
    path: "/panel-invitation/not-a-real-token",
    form: { intent: "decline" },
    visitor: 410,
    entrant: 410,
    judge: 410,
    admin: 410,
  },
];
