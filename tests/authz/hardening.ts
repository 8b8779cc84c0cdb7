import { adminOnly, judgeOnly, signedIn, type AuthzContext, type AuthzRow } from "./types";

/**
 * Hardening (docs/decisions/0010-hardening.md): sign-in posts, another judge's entry, entries that have files, single-fetch `.data`
 * requests and valid admin bodies sent by everyone. The fixture contest ("e2e-judging-authz-…")
 * is made by tests/e2e/authz.spec.ts before the table is walked.
 */
const AUTHZ = `(SELECT id FROM Contest WHERE slug LIKE 'e2e-judging-authz-%' ORDER BY createdAt DESC LIMIT 1)`;
const assignedTo = (email: string) => (ctx: AuthzContext) =>
  ctx.id(
    `SELECT s.id AS id FROM Submission s
       JOIN JudgeAssignment a ON a.submissionId = s.id
       JOIN User u ON u.id = a.judgeId
     WHERE u.email = ? AND s.contestId = ${AUTHZ} AND s.filePath IS NOT NULL
     ORDER BY s.createdAt LIMIT 1`,
    email,
  );
/** A file entry assigned to judge@inkwell.test (and to no one else). */
const judgesFileEntry = assignedTo("judge@inkwell.test");
/** A file entry assigned only to judge2@inkwell.test. */
const otherJudgesEntry = assignedTo("judge2@inkwell.test");
/** The demo entrant's own file entry in the fixture contest. */
const entrantsFileEntry = (ctx: AuthzContext) =>
  ctx.id(
    `SELECT s.id AS id FROM Submission s JOIN User u ON u.id = s.entrantId
     WHERE u.email = 'entrant@inkwell.test' AND s.contestId = ${AUTHZ}`,
  );
/** A text entry of the fixture nobody is assigned to (the admin may disqualify it). */
const unassignedEntry = (ctx: AuthzContext) =>
  ctx.id(
    `SELECT s.id AS id FROM Submission s
     WHERE s.contestId = ${AUTHZ} AND s.filePath IS NULL
       AND NOT EXISTS (SELECT 1 FROM JudgeAssignment a WHERE a.submissionId = s.id)
     ORDER BY s.createdAt LIMIT 1`,
  );
const authzContest = (ctx: AuthzContext) => ctx.id(`SELECT id FROM Contest WHERE id = ${AUTHZ}`);
const draftContest = (ctx: AuthzContext) =>
  ctx.id("SELECT id FROM Contest WHERE slug = 'summer-mystery-draft'");
const winterContest = (ctx: AuthzContext) =>
  ctx.id("SELECT id FROM Contest WHERE slug = 'winter-tales-2026'");

const away = { entrant: "->/dashboard", judge: "->/dashboard", admin: "->/dashboard" } as const;
const adminPost = { visitor: "->/login", entrant: "->/dashboard", judge: "->/dashboard" } as const;
const judgePost = { visitor: "->/login", entrant: "->/dashboard" } as const;
const score = {
  intent: "submit",
  "scores.voice": "7.5",
  "scores.mechanics": "6",
  comment: "A valid score, sent by whoever asks.",
};

export const hardeningRoutes: AuthzRow[] = [
  // Sign-in and sign-up posts: signed-in users are sent away before anything is read.
  { name: "POST /login (empty)", method: "POST", path: "/login", visitor: 400, ...away },
  {
    name: "POST /login (wrong password)",
    method: "POST",
    path: "/login",
    form: { intent: "signin", email: "authz-nobody@example.test", password: "wrong-password" },
    visitor: 400,
    ...away,
  },
  {
    name: "POST /login sign-up (invalid)",
    method: "POST",
    path: "/login",
    form: { intent: "signup", email: "not-an-email", password: "x", dateOfBirth: "2000-01-01" },
    visitor: 400,
    ...away,
  },

  // Another judge's entry: not found, for the page, its data, a valid score and the file.
  {
    name: "GET /judge/review/:another judge's entry",
    path: (ctx) => `/judge/review/${otherJudgesEntry(ctx)}`,
    ...judgePost,
    judge: 404,
    admin: 404,
  },
  {
    name: "GET /judge/review/:another judge's entry.data",
    path: (ctx) => `/judge/review/${otherJudgesEntry(ctx)}.data`,
    ...judgePost,
    judge: 404,
    admin: 404,
  },
  {
    name: "POST /judge/review/:another judge's entry (a valid score)",
    method: "POST",
    path: (ctx) => `/judge/review/${otherJudgesEntry(ctx)}`,
    form: score,
    ...judgePost,
    judge: 404,
    admin: 404,
  },
  {
    name: "POST /judge/review/:another judge's entry.data (a valid autosave)",
    method: "POST",
    path: (ctx) => `/judge/review/${otherJudgesEntry(ctx)}.data`,
    form: { ...score, intent: "autosave" },
    ...judgePost,
    judge: 404,
    admin: 404,
  },
  {
    name: "GET /judge/review/:another judge's entry/file",
    path: (ctx) => `/judge/review/${otherJudgesEntry(ctx)}/file`,
    ...judgePost,
    judge: 404,
    admin: 404,
  },

  // Entries that have a file.
  {
    name: "GET /judge/review/:assigned file entry/file",
    path: (ctx) => `/judge/review/${judgesFileEntry(ctx)}/file`,
    ...judgePost,
    judge: 200,
    admin: 404,
  },
  {
    name: "GET /files/submissions/:a fixture writer's file",
    path: (ctx) => `/files/submissions/${judgesFileEntry(ctx)}`,
    visitor: "->/login",
    entrant: 404,
    judge: 404,
    admin: 200,
  },
  {
    name: "GET /files/submissions/:another judge's entry's file",
    path: (ctx) => `/files/submissions/${otherJudgesEntry(ctx)}`,
    visitor: "->/login",
    entrant: 404,
    judge: 404,
    admin: 200,
  },
  {
    name: "GET /files/submissions/:the entrant's own file",
    path: (ctx) => `/files/submissions/${entrantsFileEntry(ctx)}`,
    visitor: "->/login",
    entrant: 200,
    judge: 404,
    admin: 200,
    // Someone else's entry, to the educator (ADR 0031).
    educator: 404,
  },

  // Single-fetch data requests answer as their pages do (a redirect is a 202 with a Location).
  { path: "/admin.data", ...adminOnly },
  { path: "/admin/submissions.data", ...adminOnly },
  { path: "/admin/judges.data", ...adminOnly },
  { path: "/admin/contests.data", ...adminOnly },
  { path: "/judge.data", ...judgeOnly },
  { path: "/dashboard.data", ...signedIn },
  { path: "/account.data", ...signedIn },
  {
    name: "GET /judge/review/:assigned file entry.data",
    path: (ctx) => `/judge/review/${judgesFileEntry(ctx)}.data`,
    ...judgePost,
    judge: 200,
    admin: 404,
  },
  {
    name: "GET /dashboard/submissions/:the entrant's own.data",
    path: (ctx) => `/dashboard/submissions/${entrantsFileEntry(ctx)}.data`,
    visitor: "->/login",
    entrant: 200,
    judge: 404,
    admin: 404,
    // Someone else's entry, to the educator (ADR 0031).
    educator: 404,
  },
  {
    name: "GET /admin/submissions/:id.data",
    path: (ctx) => `/admin/submissions/${entrantsFileEntry(ctx)}.data`,
    ...adminOnly,
  },

  // Valid admin bodies from everyone: only the admin's is acted on.
  {
    name: "POST /admin/contests.data?index unpublish the draft (valid)",
    method: "POST",
    path: "/admin/contests.data?index",
    form: { intent: "unpublish" },
    formFromContext: (ctx) => ({ id: draftContest(ctx) }),
    ...adminPost,
    admin: "->/admin/contests",
  },
  {
    name: "POST /admin/contests?index unpublish the draft (valid)",
    method: "POST",
    path: "/admin/contests?index",
    form: { intent: "unpublish" },
    formFromContext: (ctx) => ({ id: draftContest(ctx) }),
    ...adminPost,
    admin: "->/admin/contests",
  },
  {
    name: "POST /admin/prompts create (valid)",
    method: "POST",
    path: "/admin/prompts",
    form: { title: "Authz prompt", body: "A prompt written by the authorization table." },
    formFromContext: (ctx) => ({ contestId: authzContest(ctx) }),
    ...adminPost,
    admin: "->/admin/prompts",
  },
  {
    name: "POST /admin/contests/:id/prompts add (valid)",
    method: "POST",
    path: (ctx) => `/admin/contests/${authzContest(ctx)}/prompts`,
    form: {
      intent: "add",
      title: "Authz prompt",
      body: "A prompt written by the authorization table.",
    },
    ...adminPost,
    admin: "->/admin/contests/*",
  },
  {
    name: "POST /admin/judges add an existing judge (valid; the admin hears it is one already)",
    method: "POST",
    path: "/admin/judges",
    form: { intent: "add", name: "Sam Okafor", email: "judge3@inkwell.test" },
    ...adminPost,
    admin: 400,
  },
  {
    name: "POST /admin/assign auto-assign the closed contest (valid, refused: judging has closed)",
    method: "POST",
    path: "/admin/assign",
    form: { intent: "autoassign", judgesPerSubmission: "3" },
    formFromContext: (ctx) => ({ contestId: winterContest(ctx) }),
    ...adminPost,
    admin: "->/admin/contests/*",
  },
  {
    name: "POST /admin/submissions/:id disqualify (valid)",
    method: "POST",
    path: (ctx) => `/admin/submissions/${unassignedEntry(ctx)}`,
    form: { intent: "disqualify-confirm", reason: "Disqualified by the authorization table." },
    ...adminPost,
    admin: "->/admin/submissions/*",
  },
  {
    name: "POST /judge/review/:assigned (a valid score)",
    method: "POST",
    path: (ctx) => `/judge/review/${judgesFileEntry(ctx)}`,
    form: score,
    ...judgePost,
    judge: "->/judge",
    admin: 404,
  },
];
