import { adminOnly, type AuthzContext, type AuthzRow } from "./types";

/**
 * Assignment control on /admin/assign (docs/decisions/0033-judging-panel.md): the swap and add
 * choosers and each control intent. Every post names something that does not exist, so the walk
 * changes no demo data: the admin is sent back to the contest's page with the refusal as a toast.
 */
const AUTUMN = "SELECT id FROM Contest WHERE slug = 'autumn-poetry-in-prose'";
const autumn = (ctx: AuthzContext) => ctx.id(AUTUMN);
// Answered on the contest's workspace (docs/decisions/0050-contest-workspace.md).
const refused = { ...adminOnly, admin: "->/admin/contests/*" } as const;

export const assignmentControlRoutes: AuthzRow[] = [
  {
    name: "GET /admin/assign?contest=autumn&swap=unknown",
    path: (ctx) => `/admin/assign?contest=${autumn(ctx)}&swap=no-such-assignment`,
    ...refused,
  },
  {
    name: "GET /admin/assign?contest=autumn&add=unknown",
    path: (ctx) => `/admin/assign?contest=${autumn(ctx)}&add=no-such-entry`,
    ...refused,
  },
  {
    name: "POST /admin/assign nudge (not on the panel)",
    method: "POST",
    path: "/admin/assign",
    formFromContext: (ctx) => ({
      intent: "nudge",
      contestId: autumn(ctx),
      judgeId: "no-such-judge",
    }),
    ...refused,
  },
  {
    name: "POST /admin/assign reassign (nothing to reassign)",
    method: "POST",
    path: "/admin/assign",
    formFromContext: (ctx) => ({
      intent: "reassign",
      contestId: autumn(ctx),
      judgeId: "no-such-judge",
    }),
    ...refused,
  },
  {
    name: "POST /admin/assign remove (unknown assignment)",
    method: "POST",
    path: "/admin/assign",
    formFromContext: (ctx) => ({
      intent: "remove",
      contestId: autumn(ctx),
      assignmentId: "no-such-assignment",
    }),
    ...refused,
  },
  {
    name: "POST /admin/assign swap (unknown assignment)",
    method: "POST",
    path: "/admin/assign",
    formFromContext: (ctx) => ({
      intent: "swap",
      contestId: autumn(ctx),
      assignmentId: "no-such-assignment",
      judgeId: "no-such-judge",
    }),
    ...refused,
  },
  {
    name: "POST /admin/assign add (unknown entry)",
    method: "POST",
    path: "/admin/assign",
    formFromContext: (ctx) => ({
      intent: "add",
      contestId: autumn(ctx),
      submissionId: "no-such-entry",
      judgeId: "least-loaded",
    }),
    ...refused,
  },
  {
    name: "POST /admin/assign remove (no assignment named)",
    method: "POST",
    path: "/admin/assign",
    formFromContext: (ctx) => ({ intent: "remove", contestId: autumn(ctx) }),
    ...refused,
  },
];
