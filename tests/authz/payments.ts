import { adminOnly, type AuthzContext, type AuthzRow } from "./types";

const WAIVER = "SELECT id FROM DiscountCode WHERE code = 'FEEWAIVER'";
/** A Winter Tales entry written by someone who is none of the four test accounts. */
const anotherWritersEntry = (ctx: AuthzContext) =>
  ctx.id(
    `SELECT s.id AS id FROM Submission s JOIN User u ON u.id = s.entrantId
     WHERE u.email = 'writer1@inkwell.test' LIMIT 1`,
  );
const entrantsOwnEntry = (ctx: AuthzContext) =>
  ctx.id(
    `SELECT s.id AS id FROM Submission s JOIN User u ON u.id = s.entrantId
     WHERE u.email = 'entrant@inkwell.test' AND s.status = 'submitted' LIMIT 1`,
  );
const everyone404 = { visitor: 404, entrant: 404, judge: 404, admin: 404 } as const;

/** Entry fees (docs/decisions/0020-payments.md). */
export const paymentRoutes: AuthzRow[] = [
  { path: "/admin/discount-codes", ...adminOnly },
  { path: "/admin/discount-codes?page=2", ...adminOnly },
  {
    name: "POST /admin/discount-codes (no code given)",
    method: "POST",
    path: "/admin/discount-codes",
    form: { intent: "create", code: "", kind: "percent" },
    ...adminOnly,
    admin: 400,
  },
  {
    name: "POST /admin/discount-codes switch off an unknown code",
    method: "POST",
    path: "/admin/discount-codes",
    form: { intent: "deactivate", id: "no-such-code" },
    ...adminOnly,
    admin: "->/admin/discount-codes",
  },
  {
    name: "GET /admin/discount-codes/:id/uses.csv",
    path: (ctx) => `/admin/discount-codes/${ctx.id(WAIVER)}/uses.csv`,
    ...adminOnly,
  },
  {
    path: "/admin/discount-codes/no-such-code/uses.csv",
    ...adminOnly,
    admin: 404,
  },
  {
    name: "GET /payments/test-checkout/:id (no such session)",
    path: "/payments/test-checkout/cs_test_local_none",
    visitor: "->/login",
    entrant: 404,
    judge: 404,
    admin: 404,
  },
  {
    name: "POST /payments/test-checkout/:id pay (no such session)",
    method: "POST",
    path: "/payments/test-checkout/cs_test_local_none",
    form: { intent: "pay" },
    visitor: "->/login",
    entrant: 404,
    judge: 404,
    admin: 404,
  },
  {
    name: "POST /api/webhooks/stripe (Stripe not configured here)",
    method: "POST",
    path: "/api/webhooks/stripe",
    form: { id: "evt_x" },
    ...everyone404,
  },
  {
    name: "POST pay for another entrant's submission",
    method: "POST",
    path: (ctx) => `/dashboard/submissions/${anotherWritersEntry(ctx)}`,
    form: { intent: "pay" },
    visitor: "->/login",
    entrant: 404,
    judge: 404,
    admin: 404,
  },
  {
    name: "POST pay for one's own entry that is already submitted",
    method: "POST",
    path: (ctx) => `/dashboard/submissions/${entrantsOwnEntry(ctx)}`,
    form: { intent: "pay" },
    visitor: "->/login",
    entrant: "->/dashboard/submissions/*",
    judge: 404,
    admin: 404,
    // Someone else's entry, to the educator (ADR 0031).
    educator: 404,
  },
  {
    name: "POST refund an entry that was never paid",
    method: "POST",
    path: (ctx) => `/admin/submissions/${anotherWritersEntry(ctx)}`,
    form: { intent: "refund" },
    ...adminOnly,
    admin: "->/admin/submissions/*",
  },
];
