import { adminOnly, publicPage, type AuthzContext, type AuthzRow } from "./types";

/** public contests, entries, the entrant dashboard, admin submissions and e-mails. */

const entrantsWinterEntry = (ctx: AuthzContext) =>
  ctx.id(
    `SELECT s.id FROM Submission s JOIN User u ON u.id = s.entrantId JOIN Contest c ON c.id = s.contestId
     WHERE u.email = ? AND c.slug = ?`,
    "entrant@inkwell.test",
    "winter-tales-2026",
  );
const anotherWritersEntry = (ctx: AuthzContext) =>
  ctx.id(
    `SELECT s.id FROM Submission s JOIN User u ON u.id = s.entrantId JOIN Contest c ON c.id = s.contestId
     WHERE u.email = ? AND c.slug = ?`,
    "writer1@inkwell.test",
    "winter-tales-2026",
  );
const adminOnlyStatus = (status: number) =>
  ({ visitor: "->/login", entrant: "->/dashboard", judge: "->/dashboard", admin: status }) as const;

export const entryRoutes: AuthzRow[] = [
  // Public contests
  { path: "/contests", ...publicPage },
  { path: "/contests?page=999", ...publicPage },
  { path: "/contests/flash-fiction-free-for-all", ...publicPage },
  { path: "/contests/no-such-contest", visitor: 404, entrant: 404, judge: 404, admin: 404 },
  {
    name: "GET draft contest detail (admins only)",
    path: "/contests/summer-mystery-draft",
    visitor: 404,
    entrant: 404,
    judge: 404,
    admin: 200,
  },

  // Entering
  { path: "/contests/flash-fiction-free-for-all/enter", ...publicPage },
  {
    name: "GET enter a draft contest",
    path: "/contests/summer-mystery-draft/enter",
    visitor: "->/",
    entrant: "->/",
    judge: "->/",
    admin: "->/",
  },
  {
    name: "GET enter an unknown contest",
    path: "/contests/no-such-contest/enter",
    visitor: "->/",
    entrant: "->/",
    judge: "->/",
    admin: "->/",
  },
  {
    name: "POST enter (empty form): visitors go to sign in, signed-in users get the validation answer",
    method: "POST",
    path: "/contests/flash-fiction-free-for-all/enter",
    visitor: "->/login",
    entrant: 400,
    judge: 400,
    admin: 400,
  },
  {
    name: "POST enter a closed contest",
    method: "POST",
    path: "/contests/winter-tales-2026/enter",
    form: {
      title: "Late",
      body: "one two three",
      confirmOriginal: "on",
      confirmEligible: "on",
      confirmRules: "on",
      confirmAnonymous: "on",
    },
    visitor: "->/login",
    entrant: 403,
    judge: 403,
    admin: 403,
  },
  {
    name: "POST enter a draft contest",
    method: "POST",
    path: "/contests/summer-mystery-draft/enter",
    visitor: "->/login",
    entrant: "->/",
    judge: "->/",
    admin: "->/",
  },

  // The entrant's own submissions (anyone else: 404, admins included: they use /admin/submissions)
  {
    name: "GET own submission page",
    path: (ctx) => `/dashboard/submissions/${entrantsWinterEntry(ctx)}`,
    visitor: "->/login",
    entrant: 200,
    judge: 404,
    admin: 404,
    // Someone else's entry, to the educator (ADR 0031).
    educator: 404,
  },
  {
    name: "GET another entrant's submission page",
    path: (ctx) => `/dashboard/submissions/${anotherWritersEntry(ctx)}`,
    visitor: "->/login",
    entrant: 404,
    judge: 404,
    admin: 404,
  },
  {
    name: "GET unknown submission page",
    path: "/dashboard/submissions/nope",
    visitor: "->/login",
    entrant: 404,
    judge: 404,
    admin: 404,
  },
  {
    name: "POST own submission without an intent",
    method: "POST",
    path: (ctx) => `/dashboard/submissions/${entrantsWinterEntry(ctx)}`,
    visitor: "->/login",
    entrant: 400,
    judge: 404,
    admin: 404,
    // Someone else's entry, to the educator (ADR 0031).
    educator: 404,
  },
  {
    name: "POST withdraw another entrant's submission",
    method: "POST",
    path: (ctx) => `/dashboard/submissions/${anotherWritersEntry(ctx)}`,
    form: { intent: "withdraw" },
    visitor: "->/login",
    entrant: 404,
    judge: 404,
    admin: 404,
  },

  // File downloads: the entrant's own and admins; these seeded entries have no file (-> back with a notice)
  {
    name: "GET own submission's file (none uploaded)",
    path: (ctx) => `/files/submissions/${entrantsWinterEntry(ctx)}`,
    visitor: "->/login",
    entrant: "->/dashboard",
    judge: 404,
    admin: "->/admin/submissions",
    // Someone else's entry, to the educator (ADR 0031).
    educator: 404,
  },
  {
    name: "GET another entrant's file",
    path: (ctx) => `/files/submissions/${anotherWritersEntry(ctx)}`,
    visitor: "->/login",
    entrant: 404,
    judge: 404,
    admin: "->/admin/submissions",
  },
  {
    name: "GET unknown file",
    path: "/files/submissions/nope",
    visitor: "->/login",
    entrant: 404,
    judge: 404,
    admin: 404,
  },

  // Admin submissions and the e-mail log
  { path: "/admin/submissions", ...adminOnly },
  // To the contest's workspace, whose layout answers an unknown contest (ADR 0050).
  {
    path: "/admin/submissions?contest=nope&status=bogus&page=abc",
    ...adminOnly,
    admin: "->/admin/contests/*",
  },
  { path: "/admin/submissions?status=bogus&page=abc", ...adminOnly },
  {
    name: "GET admin submission preview",
    path: (ctx) => `/admin/submissions/${anotherWritersEntry(ctx)}`,
    ...adminOnly,
  },
  { path: "/admin/submissions/nope", ...adminOnlyStatus(404) },
  {
    name: "POST admin disqualify without a reason",
    method: "POST",
    path: (ctx) => `/admin/submissions/${anotherWritersEntry(ctx)}`,
    form: { intent: "disqualify" },
    ...adminOnlyStatus(400),
  },
  { path: "/admin/submissions/export.csv", ...adminOnly },
  { path: "/admin/submissions/export.csv?status=withdrawn", ...adminOnly },
  { path: "/admin/emails", ...adminOnly },
  { path: "/admin/emails?page=2", ...adminOnly },
];
