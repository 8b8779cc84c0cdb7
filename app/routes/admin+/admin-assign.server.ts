import { parseWithZod } from "@conform-to/zod";
/**
 * The Assignments page of a contest's workspace (docs/decisions/0050-contest-workspace.md), moved
 * from /admin/assign: its data and its posts. The old /admin/assign still takes the posts (with
 * the contest in the form) and answers them on the workspace. Not a route (vite.config.ts).
 */
import { data } from "@remix-run/node";
import { z } from "zod";
import { pageCount, pageParam } from "~/utils/paging";
import { requireAdmin } from "~/features/accounts/auth.server";
import { findContest } from "~/features/assignment/auto-assign.server";
import { shortfallHeadline } from "~/features/assignment/panel-assign.server";
import { contestRecusals } from "~/features/assignment/recusal.server";
import { PRE_ASSIGNED_MESSAGE, preAssignAllJudges } from "~/features/assignment/pre-assign.server";
import { formatDateTime } from "~/utils/dates";
import {
  addChoices,
  contestJudges,
  controlAssignments,
  CONTROL_PAGE_SIZE,
  nudgeJudge,
  swapChoices,
} from "~/features/assignment/assignment-control.server";
import {
  addJudge,
  reassignUnscored,
  removeAssignment,
  swapAssignment,
} from "~/features/assignment/assignment-changes.server";
import { reassignSummary, entries } from "~/features/assignment/assignment-control";
import type { Chooser } from "~/components/judging/assignment-control";
import { answerRefusal } from "~/utils/action.server";
import { contestCapacity, capacityWarning } from "~/features/rounds/capacity.server";
import { currentRound, runRoundAssign } from "~/features/assignment/round-assign.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/form-body.server";
import { judgingProgress } from "~/features/assignment/charts.server";

const judgesPerSubmission = z
  .number({ invalid_type_error: "Judges per Submission must be a whole number" })
  .int("Judges per Submission must be a whole number")
  .min(1, "Judges per Submission must be at least 1")
  .max(100, "Judges per Submission must be at most 100")
  // Left out, the contest's own value (decision 16; docs/decisions/0022-lifecycle-follows-the-public.md).
  .optional();
const id = (what: string) => z.string({ required_error: what }).max(64);
/** Every form names its contest and the list view to come back to (search, page). */
const base = {
  contestId: z.string().optional(),
  q: z.string().max(200).optional(),
  page: z.number().int().min(1).optional(),
};
const schema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("preassign"), ...base, judgesPerSubmission }),
  z.object({ intent: z.literal("autoassign"), ...base, judgesPerSubmission }),
  // Assignment control (docs/decisions/0033-judging-panel.md).
  z.object({ intent: z.literal("nudge"), ...base, judgeId: id("Choose a judge") }),
  z.object({ intent: z.literal("reassign"), ...base, judgeId: id("Choose a judge") }),
  z.object({ intent: z.literal("remove"), ...base, assignmentId: id("Choose an assignment") }),
  z.object({
    intent: z.literal("swap"),
    ...base,
    assignmentId: id("Choose an assignment"),
    judgeId: id("Choose the new judge"),
  }),
  z.object({
    intent: z.literal("add"),
    ...base,
    submissionId: id("Choose an entry"),
    judgeId: id("Choose the judge to add"),
  }),
]);
const CONTROL_INTENTS = new Set(["nudge", "reassign", "remove", "swap", "add"]);

export async function assignLoader(request: Request, contestId: string) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const page = pageParam(url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 200);
  const contest = await findContest(contestId);
  const now = new Date();
  const round = contest ? await currentRound(contest.id, now) : null;
  // Before round 1 of several is assigned: does the panel's capacity cover the later rounds?
  const capacity =
    contest && round?.id && round.number === 1
      ? capacityWarning(await contestCapacity(contest.id))
      : null;
  const [assignments, judges, recusals] = contest
    ? await Promise.all([
        controlAssignments(contest.id, page, q),
        contestJudges(contest.id, now),
        contestRecusals(contest.id, 50),
      ])
    : [{ rows: [], total: 0 }, [], []];
  // The chooser a "Swap" or "Add a judge" link opens (only eligible judges, least loaded first).
  const swap = url.searchParams.get("swap");
  const add = url.searchParams.get("add");
  let chooser: Chooser | null = null;
  if (contest && swap) {
    const c = await swapChoices(contest.id, swap);
    if (c) chooser = { kind: "swap", id: c.assignmentId, ...c };
  } else if (contest && add) {
    const c = await addChoices(contest.id, add, round?.number ?? 1);
    if (c) chooser = { kind: "add", id: c.submissionId, ...c };
  }
  // Progress per judge and round, drawn (docs/decisions/0057-charts.md).
  const progress = contest ? await judgingProgress(contest.id, now) : [];
  return {
    progress,
    contest: contest
      ? {
          id: contest.id,
          title: contest.title,
          judgesPerSubmission: round?.id ? round.judgesPerEntry : contest.judgesPerSubmission,
        }
      : null,
    // The round auto-assign works on now, in a contest of rounds.
    round: round?.id ? { number: round.number, name: round.name } : null,
    capacity,
    page,
    q,
    judges,
    chooser,
    // Judges who stepped back from an entry, newest first (docs/decisions/0033-judging-panel.md).
    recusals: recusals.map((r) => ({
      id: r.id,
      title: r.submission.title,
      judge: r.judge.displayName || r.judge.email,
      reason: r.reasonLabel,
      replacement: r.replacement ? r.replacement.displayName || r.replacement.email : null,
      atComparisonDesk: r.atComparisonDesk,
      at: contest ? formatDateTime(r.createdAt, contest.timeZone) : "",
    })),
    // The panel's accepted judges: the spec's "Contest-wide" rows, "Pre-assigned" to no entry
    // (ADR 0033, 0051); on the first page of the unsearched list.
    contestWide:
      page === 1 && !q
        ? judges
            .filter((j) => j.accepted)
            .map((j) => ({ judgeId: j.judgeId, name: j.name, email: j.email }))
        : [],
    ...assignments,
    pages: pageCount(assignments.total, CONTROL_PAGE_SIZE),
  };
}

type ControlValue = Exclude<z.infer<typeof schema>, { intent: "preassign" | "autoassign" }>;

/** One assignment-control change; its success toast. Refusals are DomainErrors (toasts). */
async function control(contestId: string, value: ControlValue) {
  const now = new Date();
  switch (value.intent) {
    case "nudge": {
      const n = await nudgeJudge(contestId, value.judgeId, now);
      return {
        title: `Nudge sent to ${n.name}`,
        description: `${entries(n.count)} still to score.`,
      };
    }
    case "reassign": {
      const r = await reassignUnscored(contestId, value.judgeId, now);
      return reassignSummary(r.moved, r.stuck);
    }
    case "remove": {
      const r = await removeAssignment(contestId, value.assignmentId, now);
      return {
        title: `${r.judge} was taken off "${r.title}"`,
        description: r.kept ? "Their submitted score stays and still counts." : undefined,
      };
    }
    case "swap": {
      const r = await swapAssignment(contestId, value.assignmentId, value.judgeId, now);
      return { title: `"${r.title}" now goes to ${r.to} instead of ${r.from}` };
    }
    case "add": {
      const round = await currentRound(contestId, now);
      const choice = value.judgeId === "least-loaded" ? value.judgeId : { judgeId: value.judgeId };
      const r = await addJudge(contestId, value.submissionId, choice, round?.number ?? 1, now);
      return { title: `${r.judge} was added to "${r.title}"` };
    }
  }
}

/** The page's posts; `contestId` is the workspace's contest (the form's is used without it). */
export async function assignAction(request: Request, contestId?: string) {
  const admin = await requireAdmin(request);
  const formData = await readForm(request);
  if (contestId) formData.set("contestId", contestId);
  const submission = parseWithZod(formData, { schema });
  const back = (id?: string, view: { q?: string; page?: number } = {}) => {
    if (!id) return "/admin/assign";
    const params = new URLSearchParams();
    if (view.q) params.set("q", view.q);
    if (view.page && view.page > 1) params.set("page", String(view.page));
    return `/admin/contests/${id}/assignments${params.size ? `?${params}` : ""}`;
  };
  // A conform validation round-trip (not a real submission) changes nothing.
  if (submission.status === undefined) return data({ result: submission.reply() });
  if (submission.status !== "success") {
    const intent = formData.get("intent");
    if (!intent) return redirectWithToast(back(), { type: "error", title: "Select a contest" });
    // The control forms are buttons in tables: their one problem comes back as a toast.
    if (typeof intent === "string" && CONTROL_INTENTS.has(intent)) {
      const first = Object.values(submission.error ?? {}).flat()[0] ?? "Please try again";
      const contestId = formData.get("contestId");
      return redirectWithToast(back(typeof contestId === "string" ? contestId : undefined), {
        type: "error",
        title: first,
      });
    }
    return data({ result: submission.reply() }, { status: 400 });
  }
  const contest = await findContest(submission.value.contestId);
  if (!contest) return redirectWithToast(back(), { type: "error", title: "Select a contest" });
  const value = submission.value;
  if (value.intent !== "preassign" && value.intent !== "autoassign") {
    const here = back(contest.id, value);
    try {
      return redirectWithToast(here, { type: "success", ...(await control(contest.id, value)) });
    } catch (error) {
      return answerRefusal(error, { redirectTo: here });
    }
  }

  // 'Pre-Assign All Judges' invites every site judge to the contest's panel; they judge it once
  // they accept, and show as its contest-wide rows (docs/decisions/0033-judging-panel.md, 0051).
  if (value.intent === "preassign") {
    const r = await preAssignAllJudges(contest.id, admin.id);
    if (!r.ok)
      return redirectWithToast(back(contest.id), {
        type: "error",
        title: r.error,
        description: "Add judges on the Judges page, or invite one on the contest's panel.",
      });
    return redirectWithToast(back(contest.id), {
      type: "success",
      title: PRE_ASSIGNED_MESSAGE,
      description: r.invited
        ? `${r.invited} judge(s) invited to the panel of ${contest.title}. Each gets an e-mail with a link; they are assigned entries once they accept.`
        : "Every site judge is already on this contest's panel.",
    });
  }
  // The same code path as the scheduled assign step: refused once the round has closed (checked
  // in the writing transaction), and only judges who have activated their account are assigned.
  // In a contest of rounds, the current round: the one open now, else the next one not assigned
  // (docs/decisions/0032-divisions-and-rounds.md).
  const now = new Date();
  const round = await currentRound(contest.id, now);
  const perEntry =
    value.judgesPerSubmission ?? (round?.id ? round.judgesPerEntry : contest.judgesPerSubmission);
  const result = await runRoundAssign(contest.id, round?.number ?? 1, now, perEntry);
  const which = round?.id ? `${round.name}: ` : "";
  // Some entries cannot have their judges: nothing was written; list them and why (docs/decisions/0033-judging-panel.md).
  if (!result.ok && result.short)
    return data(
      {
        result: submission.reply(),
        short: result.short,
        shortError: `${which}${shortfallHeadline(result.short.length, perEntry)}`,
      },
      { status: 409 },
    );
  if (!result.ok)
    return redirectWithToast(back(contest.id), { type: "error", title: `${which}${result.error}` });
  return redirectWithToast(back(contest.id), {
    type: "success",
    title: round?.id
      ? `Assignments for ${round.name} (round ${round.number}) created successfully`
      : "Assignments created successfully",
    description: result.created
      ? `${result.created} new assignment(s).`
      : "Every entry already had its judges; nothing new was needed.",
  });
}
