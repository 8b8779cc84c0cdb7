import type { AuthzContext, AuthzRow } from "./types";

/**
 * The admin's decision on places where an entry names its writer
 * (docs/decisions/0034-reading-desk.md), on the admin's entry page. Only an admin decides; the
 * rows carry a hit that does not exist (a refusal toast) or no hit at all (the form's 400).
 */
const anotherWritersEntry = (ctx: AuthzContext) =>
  ctx.id(
    `SELECT s.id FROM Submission s JOIN User u ON u.id = s.entrantId JOIN Contest c ON c.id = s.contestId
     WHERE u.email = ? AND c.slug = ?`,
    "writer1@inkwell.test",
    "winter-tales-2026",
  );
const adminPost = { visitor: "->/login", entrant: "->/dashboard", judge: "->/dashboard" } as const;
const entryPage = (ctx: AuthzContext) => `/admin/submissions/${anotherWritersEntry(ctx)}`;

export const identityHitRoutes: AuthzRow[] = [
  {
    name: "POST admin redact-hit (unknown place)",
    method: "POST",
    path: entryPage,
    form: { intent: "redact-hit", hitId: "no-such-hit" },
    ...adminPost,
    admin: "->/admin/submissions/*",
  },
  {
    name: "POST admin clear-hit (unknown place)",
    method: "POST",
    path: entryPage,
    form: { intent: "clear-hit", hitId: "no-such-hit" },
    ...adminPost,
    admin: "->/admin/submissions/*",
  },
  {
    name: "POST admin redact-hit without a place",
    method: "POST",
    path: entryPage,
    form: { intent: "redact-hit" },
    ...adminPost,
    admin: 400,
  },
  {
    name: "POST admin redact-all-hits (nothing waiting)",
    method: "POST",
    path: entryPage,
    form: { intent: "redact-all-hits" },
    ...adminPost,
    admin: "->/admin/submissions/*",
  },
  {
    name: "POST admin clear-all-hits (nothing waiting)",
    method: "POST",
    path: entryPage,
    form: { intent: "clear-all-hits" },
    ...adminPost,
    admin: "->/admin/submissions/*",
  },
  {
    name: "POST admin redact-hit on an unknown entry",
    method: "POST",
    path: "/admin/submissions/nope",
    form: { intent: "redact-hit", hitId: "no-such-hit" },
    ...adminPost,
    admin: 404,
  },
];
