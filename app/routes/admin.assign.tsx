import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { EmailAddress } from "~/components/ui/email-address";
import { parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { useIsPending } from "~/utils/use-is-pending";
import { useResetKey } from "~/utils/use-reset-key";
import { ContestPickerForm } from "~/components/contests/contest-picker";
import { DataTable, EmptyState } from "~/components/ui/data-table";
import { Pager } from "~/components/ui/pager";
import { pageCount, pageParam } from "~/utils/paging";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { requireAdmin } from "~/features/accounts/auth.server";
import {
  findContest,
  listAssignments,
  preAssignAll,
  ASSIGNMENTS_PAGE_SIZE,
} from "~/features/judging/assignments.server";
import { currentRound, runRoundAssign } from "~/features/rounds/round-assign.server";
import { contestOptions } from "~/features/contests/contest-admin.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/form-body.server";

export const meta: MetaFunction = () => [{ title: "Auto-Assign Judges · Inkwell" }];

const schema = z.object({
  intent: z.enum(["preassign", "autoassign"]),
  contestId: z.string().optional(),
  judgesPerSubmission: z
    .number({ invalid_type_error: "Judges per Submission must be a whole number" })
    .int("Judges per Submission must be a whole number")
    .min(1, "Judges per Submission must be at least 1")
    .max(100, "Judges per Submission must be at most 100")
    // Left out, the contest's own value (decision 16; docs/decisions/0022-lifecycle-follows-the-public.md).
    .optional(),
});

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const page = pageParam(url);
  const [contests, contest] = await Promise.all([
    contestOptions(),
    findContest(url.searchParams.get("contest")),
  ]);
  const assignments = contest ? await listAssignments(contest.id, page) : { rows: [], total: 0 };
  const round = contest ? await currentRound(contest.id, new Date()) : null;
  return {
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
    page,
    ...assignments,
    pages: pageCount(assignments.total, ASSIGNMENTS_PAGE_SIZE),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema });
  const back = (id?: string) =>
    id ? `/admin/assign?contest=${encodeURIComponent(id)}` : "/admin/assign";
  // A conform validation round-trip (not a real submission) changes nothing.
  if (submission.status === undefined) return data({ result: submission.reply() });
  if (submission.status !== "success") {
    if (!formData.get("intent"))
      return redirectWithToast(back(), { type: "error", title: "Select a contest" });
    return data({ result: submission.reply() }, { status: 400 });
  }
  const contest = await findContest(submission.value.contestId);
  if (!contest) return redirectWithToast(back(), { type: "error", title: "Select a contest" });

  if (submission.value.intent === "preassign") {
    const result = await preAssignAll(contest.id);
    if (!result.ok)
      return redirectWithToast(back(contest.id), { type: "error", title: result.error });
    return redirectWithToast(back(contest.id), {
      type: "success",
      title: "Judges pre-assigned to contest successfully",
      description: result.created
        ? `${result.created} judge(s) added to ${contest.title}.`
        : "Every judge was already pre-assigned.",
    });
  }
  // The same code path as the scheduled assign step: refused once the round has closed (checked
  // in the writing transaction), and only judges who have activated their account are assigned.
  // In a contest of rounds, the current round: the one open now, else the next one not assigned
  // (docs/decisions/0032-divisions-and-rounds.md).
  const now = new Date();
  const round = await currentRound(contest.id, now);
  const result = await runRoundAssign(
    contest.id,
    round?.number ?? 1,
    now,
    submission.value.judgesPerSubmission ?? (round?.id ? undefined : contest.judgesPerSubmission),
  );
  const which = round?.id ? `${round.name}: ` : "";
  // Some entries cannot have their judges: nothing was written; list them and why (docs/decisions/0033-judging-panel.md).
  if (!result.ok && result.short)
    return data(
      { result: submission.reply(), short: result.short, shortError: `${which}${result.error}` },
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
  const { contests, contest, round, rows, total, page, pages } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const refused = actionData as
    | { short?: { submissionId: string; title: string; reason: string }[]; shortError?: string }
    | undefined;
  const resetKey = useResetKey(actionData);
  const [form, fields] = useForm({ id: `assign-${resetKey}`, lastResult: actionData?.result });
  const busy = useIsPending({ state: "submitting" });

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

      <Card>
        <CardHeader>
          <CardTitle>{contest ? `Assign judges to ${contest.title}` : "Assign judges"}</CardTitle>
          <p className="text-sm text-slate-600">
            Pre-assigning makes every current judge a judge of this contest; auto-assign then gives
            each submitted entry its judges from that list (or from all judges when nobody is
            pre-assigned), spreading the work evenly and never giving a judge their own entry. Only
            judges who have set up their account are assigned; nothing is assigned once judging has
            closed. Running it again only fills gaps.
          </p>
          {round ? (
            <p className="text-sm font-medium text-slate-800" data-testid="assign-round">
              This contest is judged in rounds. Auto-assign gives judges to round {round.number} (
              {round.name}) now: only its entries, only its judges, and never an entry a judge had
              in an earlier round.
            </p>
          ) : null}
        </CardHeader>
        <CardContent>
          <Form
            method="post"
            {...getFormProps(form)}
            key={`${resetKey}-${contest?.id ?? ""}`}
            className="flex flex-wrap items-end gap-3"
          >
            <input type="hidden" name="contestId" value={contest?.id ?? ""} />
            <Field
              label="Judges per Submission"
              className="w-48"
              errors={fields.judgesPerSubmission.errors}
              {...getInputProps(fields.judgesPerSubmission, { type: "number" })}
              min={1}
              step={1}
              defaultValue={
                (fields.judgesPerSubmission.initialValue as string | undefined) ??
                String(contest?.judgesPerSubmission ?? 3)
              }
            />
            <Button
              type="submit"
              name="intent"
              value="preassign"
              variant="secondary"
              disabled={busy}
            >
              Pre-Assign All Judges
            </Button>
            <Button type="submit" name="intent" value="autoassign" disabled={busy}>
              Auto-Assign to Submissions
            </Button>
          </Form>
          {refused?.short ? (
            <div role="alert" className="mt-4 text-sm text-red-800" data-testid="assign-short">
              <p className="font-medium">{refused.shortError}</p>
              <ul className="mt-2 list-disc pl-5">
                {refused.short.map((s) => (
                  <li key={s.submissionId}>
                    “{s.title}” {s.reason}.
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </CardContent>
      </Card>

      {contest ? (
        <section aria-labelledby="assignments-heading">
          <h2 id="assignments-heading" className="text-xl font-semibold">
            Current assignments ({total})
          </h2>
          {rows.length === 0 ? (
            <EmptyState className="mt-4 p-6">No assignments yet</EmptyState>
          ) : (
            <DataTable
              className="mt-4"
              columns={["Judge", "Submission", "Type", { label: "Status", className: "py-2" }]}
            >
              {rows.map((r) => (
                <tr key={r.id} className="border-b border-slate-100">
                  <td className="py-2 pr-4">
                    {r.judge.displayName}{" "}
                    <span className="text-slate-500">
                      (<EmailAddress email={r.judge.email} />)
                    </span>
                  </td>
                  <td className="py-2 pr-4">
                    {r.submission?.title ?? <Badge variant="outline">Pre-assigned</Badge>}
                  </td>
                  <td className="py-2 pr-4">{r.submissionId ? "Submission" : "Contest-wide"}</td>
                  <td className="py-2">
                    {!r.submissionId ? (
                      "—"
                    ) : r.score?.submittedAt ? (
                      <Badge variant="success">Scored</Badge>
                    ) : (
                      <Badge variant="secondary">Pending</Badge>
                    )}
                  </td>
                </tr>
              ))}
            </DataTable>
          )}
          <Pager page={page} pageCount={pages} label="Assignments" />
        </section>
      ) : (
        <p className="text-slate-600">Select a contest to see its assignments.</p>
      )}
    </div>
  );
}
