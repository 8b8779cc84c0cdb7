import { adminOnly, judgeOnly, type AuthzContext, type AuthzRow } from "./types";

const AUTUMN = "SELECT id FROM Contest WHERE slug = 'autumn-poetry-in-prose'";
/** An autumn entry assigned to judge@inkwell.test (the demo admin has no assignments). */
const judgesEntry = (ctx: AuthzContext) =>
  ctx.id(
    `SELECT s.id AS id FROM Submission s
       JOIN JudgeAssignment a ON a.submissionId = s.id
       JOIN User u ON u.id = a.judgeId
     WHERE u.email = 'judge@inkwell.test' AND s.contestId = (${AUTUMN})
     ORDER BY s.createdAt LIMIT 1`,
  );
const signedInOnlyRedirects = { visitor: "->/login", entrant: "->/dashboard" } as const;

/** judges, assignment, the review queue, scoring and results. */
export const judgingRoutes: AuthzRow[] = [
  // Admin: judges
  { path: "/admin/judges", ...adminOnly },
  {
    name: "POST /admin/judges (empty)",
    method: "POST",
    path: "/admin/judges",
    ...adminOnly,
    admin: 400,
  },
  {
    name: "POST /admin/judges remove (no id)",
    method: "POST",
    path: "/admin/judges",
    form: { intent: "remove" },
    ...adminOnly,
    admin: "->/admin/judges",
  },
  {
    name: "POST /admin/judges resend (no id)",
    method: "POST",
    path: "/admin/judges",
    form: { intent: "resend" },
    ...adminOnly,
    admin: "->/admin/judges",
  },
  {
    name: "POST /admin/judges resend (an active judge: refused)",
    method: "POST",
    path: "/admin/judges",
    form: { intent: "resend", userId: "no-such-user" },
    ...adminOnly,
    admin: "->/admin/judges",
  },
  // Admin: disqualify (confirmation step first) and reinstate
  {
    name: "POST /admin/submissions/:id reinstate (not disqualified: refused)",
    method: "POST",
    path: (ctx) => `/admin/submissions/${judgesEntry(ctx)}`,
    form: { intent: "reinstate" },
    ...adminOnly,
    // Back to the same entry page with the refusal as a toast.
    admin: 302,
  },
  {
    name: "POST /admin/submissions/:id disqualify (asks to confirm, changes nothing)",
    method: "POST",
    path: (ctx) => `/admin/submissions/${judgesEntry(ctx)}`,
    form: { intent: "disqualify", reason: "Checking the confirmation step" },
    ...adminOnly,
  },
  // Admin: assignment
  { path: "/admin/assign", ...adminOnly },
  {
    name: "GET /admin/assign?contest=autumn",
    path: (ctx) => `/admin/assign?contest=${ctx.id(AUTUMN)}`,
    // To the contest's workspace (docs/decisions/0050-contest-workspace.md).
    ...adminOnly,
    admin: "->/admin/contests/*",
  },
  {
    name: "POST /admin/assign (empty)",
    method: "POST",
    path: "/admin/assign",
    ...adminOnly,
    admin: "->/admin/assign",
  },
  {
    name: "POST /admin/assign (no contest)",
    method: "POST",
    path: "/admin/assign",
    form: { intent: "autoassign", judgesPerSubmission: "3" },
    ...adminOnly,
    admin: "->/admin/assign",
  },
  {
    name: "POST /admin/assign (bad judges per submission)",
    method: "POST",
    path: "/admin/assign",
    form: { intent: "autoassign", judgesPerSubmission: "0" },
    ...adminOnly,
    admin: 400,
  },
  // Admin: scoring
  { path: "/admin/scoring", ...adminOnly },
  {
    name: "GET /admin/scoring?contest=autumn",
    path: (ctx) => `/admin/scoring?contest=${ctx.id(AUTUMN)}`,
    ...adminOnly,
    admin: "->/admin/contests/*",
  },
  {
    name: "GET /admin/scoring?contest=autumn&normalize=z",
    path: (ctx) => `/admin/scoring?contest=${ctx.id(AUTUMN)}&normalize=z`,
    ...adminOnly,
    admin: "->/admin/contests/*",
  },
  {
    name: "GET /admin/scoring/:submissionId",
    path: (ctx) => `/admin/scoring/${judgesEntry(ctx)}`,
    ...adminOnly,
  },
  {
    name: "GET /admin/scoring/:unknown",
    path: "/admin/scoring/no-such-entry",
    ...adminOnly,
    admin: 404,
  },
  {
    name: "GET /admin/scoring/export?contest=autumn",
    path: (ctx) => `/admin/scoring/export?contest=${ctx.id(AUTUMN)}`,
    ...adminOnly,
  },
  {
    name: "GET /admin/scoring/export (no contest)",
    path: "/admin/scoring/export",
    ...adminOnly,
    admin: "->/admin/scoring",
  },
  // Judge
  { path: "/judge", ...judgeOnly },
  {
    name: "GET /judge/review/:assigned (admin is not assigned: 404)",
    path: (ctx) => `/judge/review/${judgesEntry(ctx)}`,
    ...signedInOnlyRedirects,
    judge: 200,
    admin: 404,
  },
  {
    name: "GET /judge/review/:unknown",
    path: "/judge/review/no-such-entry",
    ...signedInOnlyRedirects,
    judge: 404,
    admin: 404,
  },
  {
    name: "POST /judge/review/:assigned (empty)",
    method: "POST",
    path: (ctx) => `/judge/review/${judgesEntry(ctx)}`,
    ...signedInOnlyRedirects,
    judge: 400,
    admin: 404,
  },
  {
    name: "POST /judge/review/:assigned submit with blanks (refused, nothing written)",
    method: "POST",
    path: (ctx) => `/judge/review/${judgesEntry(ctx)}`,
    form: { intent: "submit", "scores.voice": "", comment: "" },
    ...signedInOnlyRedirects,
    judge: 400,
    admin: 404,
  },
  {
    name: "POST /judge/review/:assigned discard",
    method: "POST",
    path: (ctx) => `/judge/review/${judgesEntry(ctx)}`,
    form: { intent: "discard" },
    ...signedInOnlyRedirects,
    // Back to the same review page.
    judge: 302,
    admin: 404,
  },
  {
    name: "GET /judge/review/:assigned/file (text entry: no file)",
    path: (ctx) => `/judge/review/${judgesEntry(ctx)}/file`,
    ...signedInOnlyRedirects,
    judge: 404,
    admin: 404,
  },
  // The one-time set-password link (public; the token is the credential)
  {
    name: "GET /set-password/:bad-token",
    path: "/set-password/not-a-real-token",
    visitor: 410,
    entrant: 410,
    judge: 410,
    admin: 410,
  },
  {
    name: "POST /set-password/:bad-token (empty)",
    method: "POST",
    path: "/set-password/not-a-real-token",
    visitor: 400,
    entrant: 400,
    judge: 400,
    admin: 400,
  },
  {
    name: "POST /set-password/:bad-token",
    method: "POST",
    path: "/set-password/not-a-real-token",
    form: { password: "long-enough", confirmPassword: "long-enough" },
    visitor: 410,
    entrant: 410,
    judge: 410,
    admin: 410,
  },
  // An existing account's judge invitation (public page; accepting needs the invited account).
  {
    name: "GET /judge-invitation/:bad-token",
    path: "/judge-invitation/not-a-real-token",
    visitor: 410,
    entrant: 410,
    judge: 410,
    admin: 410,
  },
  {
    name: "POST /judge-invitation/:bad-token",
    method: "POST",
    path: "/judge-invitation/not-a-real-token",
    visitor: "->/login",
    entrant: "->/dashboard",
    judge: "->/dashboard",
    admin: "->/dashboard",
  },
];
