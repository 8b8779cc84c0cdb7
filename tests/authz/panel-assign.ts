import type { AuthzContext, AuthzRow } from "./types";

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

/**
 * Recusal on the review screen (docs/decisions/0033-judging-panel.md): only the entry's own judge
 * may step back; without a reason nothing is written and the judge is sent back to the entry.
 * (A real recusal would change the demo data the other rows read; the integration and e2e tests
 * cover it.) Auto-assign's refusals belong to POST /admin/assign, in judging.ts.
 */
export const panelAssignRoutes: AuthzRow[] = [
  {
    name: "POST /judge/review/:assigned recuse without a reason (refused, nothing written)",
    method: "POST",
    path: (ctx) => `/judge/review/${judgesEntry(ctx)}`,
    form: { intent: "recuse", reason: "" },
    visitor: "->/login",
    entrant: "->/dashboard",
    judge: "->/judge/review/*",
    admin: 404,
  },
  {
    name: "POST /judge/review/:unknown recuse",
    method: "POST",
    path: "/judge/review/no-such-entry",
    form: { intent: "recuse", reason: "other" },
    visitor: "->/login",
    entrant: "->/dashboard",
    judge: 404,
    admin: 404,
  },
];
