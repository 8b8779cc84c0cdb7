import { adminOnly, type AuthzContext, type AuthzRow } from "./types";

/** contest administration (contests, prompts, rubrics, publishing). */
const draftId = (ctx: AuthzContext) =>
  ctx.id("SELECT id FROM Contest WHERE slug = ?", "summer-mystery-draft");

const draftPromptId = (ctx: AuthzContext) =>
  ctx.id(
    "SELECT p.id FROM Prompt p JOIN Contest c ON c.id = p.contestId WHERE c.slug = ?",
    "summer-mystery-draft",
  );
const scoredRubricId = (ctx: AuthzContext) =>
  ctx.id(
    "SELECT r.id FROM Rubric r JOIN Contest c ON c.id = r.contestId WHERE c.slug = ?",
    "winter-tales-2026",
  );

// POST rows carry no valid form data: other roles get the role check, the admin a 4xx answer or a redirect, never a 5xx.
const adminPost = { visitor: "->/login", entrant: "->/dashboard", judge: "->/dashboard" } as const;

export const contestRoutes: AuthzRow[] = [
  { path: "/admin/contests", ...adminOnly },
  {
    name: "GET /admin/contests?delete=",
    path: (ctx) => `/admin/contests?delete=${draftId(ctx)}`,
    ...adminOnly,
  },
  {
    name: "POST /admin/contests (no id)",
    method: "POST",
    path: "/admin/contests?index",
    ...adminPost,
    admin: 400,
  },
  { path: "/admin/contests/new", ...adminOnly },
  {
    name: "POST /admin/contests/new (empty)",
    method: "POST",
    path: "/admin/contests/new",
    ...adminPost,
    admin: 400,
  },
  {
    name: "GET /admin/contests/{id}/edit",
    path: (ctx) => `/admin/contests/${draftId(ctx)}/edit`,
    ...adminOnly,
  },
  {
    name: "POST /admin/contests/{id}/edit (empty)",
    method: "POST",
    path: (ctx) => `/admin/contests/${draftId(ctx)}/edit`,
    ...adminPost,
    admin: 400,
  },
  {
    name: "GET /admin/contests/{unknown}/edit",
    path: "/admin/contests/no-such-contest/edit",
    ...adminOnly,
    admin: "->/admin/contests",
  },
  {
    name: "GET /admin/contests/{id}/prompts",
    path: (ctx) => `/admin/contests/${draftId(ctx)}/prompts`,
    ...adminOnly,
  },
  {
    name: "POST /admin/contests/{id}/prompts (empty)",
    method: "POST",
    path: (ctx) => `/admin/contests/${draftId(ctx)}/prompts`,
    ...adminPost,
    admin: 400,
  },
  {
    name: "GET /admin/contests/{id}/rubrics",
    path: (ctx) => `/admin/contests/${draftId(ctx)}/rubrics`,
    ...adminOnly,
  },
  {
    name: "POST /admin/contests/{id}/rubrics (empty)",
    method: "POST",
    path: (ctx) => `/admin/contests/${draftId(ctx)}/rubrics`,
    ...adminPost,
    admin: 400,
  },
  { path: "/admin/prompts", ...adminOnly },
  {
    name: "GET /admin/prompts?contest=",
    path: (ctx) => `/admin/prompts?contest=${draftId(ctx)}`,
    ...adminOnly,
  },
  {
    name: "POST /admin/prompts (empty)",
    method: "POST",
    path: "/admin/prompts",
    ...adminPost,
    admin: 400,
  },
  { path: "/admin/rubrics", ...adminOnly },
  {
    name: "POST /admin/rubrics (empty)",
    method: "POST",
    path: "/admin/rubrics",
    ...adminPost,
    admin: 400,
  },
  {
    name: "GET /admin/prompts/:id/edit",
    path: (ctx) => `/admin/prompts/${draftPromptId(ctx)}/edit`,
    ...adminOnly,
  },
  {
    name: "POST /admin/prompts/:id/edit (empty)",
    method: "POST",
    path: (ctx) => `/admin/prompts/${draftPromptId(ctx)}/edit`,
    ...adminPost,
    admin: 400,
  },
  {
    name: "GET /admin/prompts/:id/edit (unknown)",
    path: "/admin/prompts/no-such-prompt/edit",
    ...adminOnly,
    admin: 404,
  },
  {
    name: "GET /admin/rubrics/:id/edit",
    path: (ctx) => `/admin/rubrics/${scoredRubricId(ctx)}/edit`,
    ...adminOnly,
  },
  {
    name: "POST /admin/rubrics/:id/edit (empty)",
    method: "POST",
    path: (ctx) => `/admin/rubrics/${scoredRubricId(ctx)}/edit`,
    ...adminPost,
    admin: 400,
  },
  {
    name: "GET /admin/rubrics/:id/edit (unknown)",
    path: "/admin/rubrics/no-such-rubric/edit",
    ...adminOnly,
    admin: 404,
  },
];
