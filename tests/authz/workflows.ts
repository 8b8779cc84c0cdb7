import { adminOnly, type AuthzRow } from "./types";

const FLASH = "flash-fiction-free-for-all"; // open: "Notify me" is refused, nothing is written
const signedInBackTo = (path: string) =>
  ({ visitor: "->/login", entrant: `->${path}`, judge: `->${path}`, admin: `->${path}` }) as const;

/** The contest lifecycle: the admin Workflows page, "Notify me", the Inngest endpoint. */
export const workflowRoutes: AuthzRow[] = [
  { path: "/admin/workflows", ...adminOnly },
  {
    name: "POST /admin/workflows (empty)",
    method: "POST",
    path: "/admin/workflows",
    ...adminOnly,
    admin: "->/admin/workflows",
  },
  {
    name: "POST /admin/workflows run-step (unknown contest)",
    method: "POST",
    path: "/admin/workflows",
    form: { intent: "run-step", contestId: "no-such-contest", step: "open" },
    ...adminOnly,
    admin: "->/admin/workflows",
  },
  {
    name: "POST /admin/workflows retry-event (unknown event)",
    method: "POST",
    path: "/admin/workflows",
    form: { intent: "retry-event", eventId: "no-such-event" },
    ...adminOnly,
    admin: "->/admin/workflows",
  },
  {
    name: "POST /admin/workflows run-job (unknown job)",
    method: "POST",
    path: "/admin/workflows",
    form: { intent: "run-job", job: "no-such-job" },
    ...adminOnly,
    admin: "->/admin/workflows",
  },
  {
    name: "POST /contests/{open}/ notify (already open)",
    method: "POST",
    path: `/contests/${FLASH}`,
    form: { intent: "notify" },
    ...signedInBackTo(`/contests/${FLASH}`),
  },
  // Without INNGEST_DEV or a signing key (the e2e server) the endpoint does not exist.
  { path: "/api/inngest", visitor: 404, entrant: 404, judge: 404, admin: 404 },
  {
    name: "POST /api/inngest (unsigned)",
    method: "POST",
    path: "/api/inngest",
    visitor: 404,
    entrant: 404,
    judge: 404,
    admin: 404,
  },
];
