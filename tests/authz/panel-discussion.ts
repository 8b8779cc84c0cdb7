import { adminOnly, type AuthzContext, type AuthzRow } from "./types";

/**
 * Disagreements, entry notes and contest messages (docs/decisions/0033-judging-panel.md). Posts
 * here write nothing: refused forms, a note without words, a preview.
 */
const AUTUMN = "SELECT id FROM Contest WHERE slug = 'autumn-poetry-in-prose'";
const judgesEntry = (ctx: AuthzContext) =>
  ctx.id(
    `SELECT s.id AS id FROM Submission s
       JOIN JudgeAssignment a ON a.submissionId = s.id
       JOIN User u ON u.id = a.judgeId
     WHERE u.email = 'judge@inkwell.test' AND s.contestId = (${AUTUMN})
     ORDER BY s.createdAt LIMIT 1`,
  );
const signedInOnlyRedirects = { visitor: "->/login", entrant: "->/dashboard" } as const;

export const panelDiscussionRoutes: AuthzRow[] = [
  {
    name: "POST /admin/scoring spread threshold (out of range)",
    method: "POST",
    path: (ctx) => `/admin/scoring?index&contest=${ctx.id(AUTUMN)}`,
    formFromContext: (ctx) => ({ intent: "spread", contestId: ctx.id(AUTUMN), spreadPercent: "0" }),
    ...adminOnly,
    // The old URL has no form now: its page sends the admin to the contest's Scoring, where the
    // same post answers 400 (tests/authz/workspace.ts; docs/decisions/0050-contest-workspace.md).
    admin: "->/admin/contests/*",
  },
  {
    name: "GET /admin/scoring?contest=autumn&disagree=1",
    path: (ctx) => `/admin/scoring?contest=${ctx.id(AUTUMN)}&disagree=1`,
    ...adminOnly,
    admin: "->/admin/contests/*",
  },
  {
    name: "POST /admin/scoring/:submissionId (unknown intent)",
    method: "POST",
    path: (ctx) => `/admin/scoring/${judgesEntry(ctx)}`,
    form: { intent: "nothing" },
    ...adminOnly,
    admin: 400,
  },
  {
    name: "POST /admin/scoring/:submissionId note without words (refused, back with a toast)",
    method: "POST",
    path: (ctx) => `/admin/scoring/${judgesEntry(ctx)}`,
    form: { intent: "note", body: " " },
    ...adminOnly,
    admin: 302,
  },
  {
    name: "POST /judge/review/:assigned note without words (refused, back with a toast)",
    method: "POST",
    path: (ctx) => `/judge/review/${judgesEntry(ctx)}`,
    form: { intent: "note", body: "" },
    ...signedInOnlyRedirects,
    judge: 302,
    admin: 404,
  },
  {
    name: "GET /admin/contests/{id}/messages",
    path: (ctx) => `/admin/contests/${ctx.id(AUTUMN)}/messages`,
    ...adminOnly,
  },
  {
    name: "POST /admin/contests/{id}/messages (empty)",
    method: "POST",
    path: (ctx) => `/admin/contests/${ctx.id(AUTUMN)}/messages`,
    ...adminOnly,
    admin: 400,
  },
  {
    name: "POST /admin/contests/{id}/messages preview (nothing sent)",
    method: "POST",
    path: (ctx) => `/admin/contests/${ctx.id(AUTUMN)}/messages`,
    form: { intent: "preview", audience: "judges", subject: "Hello", body: "A note." },
    ...adminOnly,
  },
];
