import { assignmentControlRoutes } from "./assignment-control";
import { classEntryRoutes } from "./class-entries";
import { classResultRoutes } from "./class-results";
import { classroomRoutes } from "./classrooms";
import { contestRoutes } from "./contests";
import { copiesRoutes } from "./copies";
import { divisionRoutes } from "./divisions";
import { entryRoutes } from "./entries";
import { foundationRoutes } from "./foundation";
import { hardeningRoutes } from "./hardening";
import { identityHitRoutes } from "./identity-hits";
import { judgingRoutes } from "./judging";
import { operationRoutes } from "./operations";
import { panelRoutes } from "./panel";
import { panelDiscussionRoutes } from "./panel-discussion";
import { panelAssignRoutes } from "./panel-assign";
import { paymentRoutes } from "./payments";
import { readingRoutes } from "./reading";
import { resultRoutes } from "./results";
import { roundRoutes } from "./rounds";
import type { AuthzRow } from "./types";
import { workflowRoutes } from "./workflows";
import { workspaceRoutes } from "./workspace";

/** Every route of the site, for visitor, entrant, judge and admin; each capability owns one file. */
export const allRoutes: AuthzRow[] = [
  ...foundationRoutes,
  ...contestRoutes,
  ...entryRoutes,
  ...judgingRoutes,
  ...workflowRoutes,
  ...workspaceRoutes,
  ...resultRoutes,
  ...classResultRoutes,
  ...paymentRoutes,
  ...classroomRoutes,
  ...hardeningRoutes,
  ...classEntryRoutes,
  ...divisionRoutes,
  ...copiesRoutes,
  ...roundRoutes,
  ...assignmentControlRoutes,
  ...panelDiscussionRoutes,
  ...panelRoutes,
  ...panelAssignRoutes,
  ...identityHitRoutes,
  ...readingRoutes,
  ...operationRoutes,
];
