import { parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { z } from "zod";
import { useIsPending } from "~/utils/use-is-pending";
import { useResetKey } from "~/utils/use-reset-key";
import { ContestPickerForm } from "~/components/contests/contest-picker";
import { pageCount, pageParam } from "~/utils/paging";
import { requireAdmin } from "~/features/accounts/auth.server";
import { findContest } from "~/features/judging/assignments.server";
import { shortfallHeadline } from "~/features/judging/panel-assign.server";
import { contestRecusals } from "~/features/judging/recusal.server";
import { inviteAllJudges } from "~/features/panel/panel.server";
import { formatDateTime } from "~/utils/dates";
import {
  addChoices,
  contestJudges,
  controlAssignments,
  CONTROL_PAGE_SIZE,
  nudgeJudge,
  swapChoices,
} from "~/features/judging/assignment-control.server";
import {
  addJudge,
  reassignUnscored,
  removeAssignment,
  swapAssignment,
} from "~/features/judging/assignment-changes.server";
import { reassignSummary, entries } from "~/features/judging/assignment-control";
import { ChooserCard, JudgesTable, type Chooser } from "~/components/judging/assignment-control";
import { AssignmentsSection, AutoAssignCard, RecusalList } from "~/components/judging/auto-assign";
import { refusalToast } from "~/utils/action.server";
import { contestCapacity, capacityWarning } from "~/features/rounds/capacity.server";
import { currentRound, runRoundAssign } from "~/features/rounds/round-assign.server";
import { contestOptions } from "~/features/contests/contest-admin.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/form-body.server";
import { judgingProgress } from "~/features/judging/charts.server";
import { ProgressChart } from "~/components/charts/progress-chart";

export const meta: MetaFunction = () => [{ title: "Auto-Assign Judges · Inkwell" }];

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

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const page = pageParam(url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 200);
  const [contests, contest] = await Promise.all([
    contestOptions(),
    findContest(url.searchParams.get("contest")),
  ]);
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
    contests,
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
      at: contest ? formatDateTime(r.createdAt, contest.timeZone) : "",
    })),
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

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema });
  const back = (id?: string, view: { q?: string; page?: number } = {}) => {
    if (!id) return "/admin/assign";
    const params = new URLSearchParams({ contest: id });
    if (view.q) params.set("q", view.q);
    if (view.page && view.page > 1) params.set("page", String(view.page));
    return `/admin/assign?${params}`;
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
      return refusalToast(here, error);
    }
  }

  // 'Pre-Assign All Judges' invites every site judge to the contest's panel; they judge it once
  // they accept (docs/decisions/0033-judging-panel.md).
  if (value.intent === "preassign") {
    const invited = await inviteAllJudges(contest.id, admin.id);
    return redirectWithToast(back(contest.id), {
      type: "success",
      title: invited
        ? `${invited} judge(s) invited to the panel of ${contest.title}`
        : "Every site judge is already on this contest's panel",
      description: invited
        ? "Each gets an e-mail with a link; they are assigned entries once they accept."
        : undefined,
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

export default function AutoAssign() {
  const {
    contests,
    contest,
    round,
    capacity,
    rows,
    total,
    page,
    pages,
    q,
    judges,
    chooser,
    recusals,
    progress,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const refused = actionData as
    | { short?: { submissionId: string; title: string; reason: string }[]; shortError?: string }
    | undefined;
  const resetKey = useResetKey(actionData);
  const busy = useIsPending({ state: "submitting" });
  const { pathname, search } = useLocation();
  const view = { q, page };
  const link = (set: Record<string, string>) => {
    const params = new URLSearchParams(search);
    params.delete("swap");
    params.delete("add");
    for (const [k, v] of Object.entries(set)) params.set(k, v);
    return `${pathname}?${params}`;
  };
  return (
    <div className="space-y-8">
      <h1 className="font-serif text-3xl font-bold">Auto-Assign Judges</h1>

      <ContestPickerForm
        id="contest-picker"
        label="Contest"
        contests={contests}
        defaultValue={contest?.id}
        emptyLabel="Select a contest…"
        className="min-w-72"
      />

      {contest && capacity ? (
        <div
          role="alert"
          className="rounded-md border border-red-300 bg-red-50 p-4 text-base text-red-900"
        >
          <p className="font-semibold">Warning: check the panel before round 1 is assigned</p>
          <p>{capacity}</p>
          <p>
            <Link to={`/admin/contests/${contest.id}/panel`} className="underline">
              Open the panel to raise capacities
            </Link>
          </p>
        </div>
      ) : null}

      <AutoAssignCard
        contest={contest}
        round={round}
        lastResult={actionData && "result" in actionData ? actionData.result : undefined}
        resetKey={resetKey}
        busy={busy}
        short={refused?.short}
        shortError={refused?.shortError}
      />

      {contest ? (
        <JudgesTable contestId={contest.id} judges={judges} view={view} busy={busy} />
      ) : null}

      {contest && progress.length ? <ProgressChart rows={progress} /> : null}

      {contest && recusals.length ? <RecusalList recusals={recusals} /> : null}

      {contest && chooser ? (
        <ChooserCard
          contestId={contest.id}
          chooser={chooser}
          view={view}
          cancel={link({})}
          busy={busy}
        />
      ) : null}

      {contest ? (
        <AssignmentsSection
          contestId={contest.id}
          rows={rows}
          total={total}
          q={q}
          page={page}
          pages={pages}
          view={view}
          link={link}
          busy={busy}
        />
      ) : (
        <p className="text-slate-600">Select a contest to see its assignments.</p>
      )}
    </div>
  );
}
