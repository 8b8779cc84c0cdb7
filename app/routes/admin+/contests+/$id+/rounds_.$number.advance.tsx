import { parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { ContestPageHeading, FormErrorAlert } from "~/components/contests/contest-library";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { DataTable, EmptyState } from "~/components/ui/data-table";
import { Field } from "~/components/ui/field";
import { requireAdmin } from "~/features/accounts/auth.server";
import {
  advancePreview,
  clearAdvanceChoice,
  fixAdvancement,
  saveAdvanceChoice,
} from "~/features/rounds/advancement.server";
import { ADVANCE_RULE_LABEL } from "~/features/rounds/round-plan";
import { answerRefusal } from "~/utils/action.server";
import { formatDateTime } from "~/utils/dates";
import { DomainError } from "~/utils/domain-error";
import { readForm } from "~/utils/form-body.server";
import { redirectWithToast } from "~/utils/toast.server";
import { useIsPending } from "~/utils/use-is-pending";
import { contestOrRedirect } from "../../admin-library.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Who goes on · ${data?.contest.title ?? "Contest"} · Admin · Inkwell` },
];

const roundNumber = (raw: string | undefined) => {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= 10 ? n : null;
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const contest = await contestOrRedirect(params.id);
  const number = roundNumber(params.number);
  const back = `/admin/contests/${contest.id}/rounds`;
  if (!number) throw await redirectWithToast(back, { type: "error", title: "Round not found" });
  let preview;
  try {
    preview = await advancePreview(contest.id, number);
  } catch (error) {
    if (error instanceof DomainError) throw await answerRefusal(error, { redirectTo: back });
    throw error;
  }
  const tz = preview.timeZone;
  const { round, next } = preview;
  const value = round.advanceValue ?? 0;
  return {
    contest,
    round: {
      number: round.number,
      name: round.name,
      opens: formatDateTime(round.judgingOpen, tz),
      closes: formatDateTime(round.judgingClose, tz),
      opened: round.judgingOpen.getTime() <= Date.now(),
      rule:
        round.advanceRule === "top"
          ? `The top ${value} in each division go on. Entries tied at the cut all go on.`
          : round.advanceRule === "percent"
            ? `The top ${value} % in each division go on (rounded up). Entries tied at the cut all go on.`
            : `Every entry with an average of at least ${value} goes on.`,
      ruleName: round.advanceRule ? ADVANCE_RULE_LABEL[round.advanceRule] : "",
    },
    next: { number: next.number, name: next.name },
    missing: preview.missing,
    advancedAt: preview.advancedAt ? formatDateTime(preview.advancedAt, tz) : null,
    divisions: preview.divisions,
  };
}

const schema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("choose"),
    submissionId: z.string().min(1),
    include: z.enum(["yes", "no"]),
    note: z
      .string({ required_error: "Give a note saying why." })
      .trim()
      .min(1, "Give a note saying why.")
      .max(500),
  }),
  z.object({ intent: z.literal("clear"), submissionId: z.string().min(1) }),
  z.object({ intent: z.literal("confirm") }),
]);

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const contest = await contestOrRedirect(params.id);
  const number = roundNumber(params.number);
  const here = `/admin/contests/${contest.id}/rounds/${params.number}/advance`;
  if (!number)
    return redirectWithToast(`/admin/contests/${contest.id}/rounds`, {
      type: "error",
      title: "Round not found",
    });
  const submission = parseWithZod(await readForm(request), { schema });
  if (submission.status !== "success")
    return data({ result: submission.reply(), entry: null as string | null }, { status: 400 });
  const v = submission.value;
  try {
    if (v.intent === "choose") {
      await saveAdvanceChoice({
        contestId: contest.id,
        round: number,
        submissionId: v.submissionId,
        include: v.include === "yes",
        note: v.note,
        byId: admin.id,
      });
      return redirectWithToast(here, {
        type: "success",
        title: v.include === "yes" ? "The entry goes on" : "The entry stays",
      });
    }
    if (v.intent === "clear") {
      await clearAdvanceChoice(contest.id, number, v.submissionId);
      return redirectWithToast(here, { type: "success", title: "The rule decides again" });
    }
    const fixed = await fixAdvancement(contest.id, number, new Date(), admin.id);
    return redirectWithToast(here, {
      type: "success",
      title: fixed.fixed ? "Confirmed" : "Already confirmed",
      description: fixed.fixed
        ? `${fixed.count} ${fixed.count === 1 ? "entry goes" : "entries go"} on.`
        : "Who goes on had already been fixed; nothing changed.",
    });
  } catch (error) {
    return answerRefusal(error, {
      reply: submission,
      extra: {
        entry: v.intent === "confirm" ? null : v.submissionId,
      },
    });
  }
}

export default function AdvanceRound() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useIsPending({ state: "submitting" });
  const fixed = d.advancedAt !== null;
  const errorsFor = (id: string) =>
    actionData?.entry === id ? (actionData.result.error ?? {}) : {};
  const pageErrors = actionData && !actionData.entry ? (actionData.result.error?.[""] ?? []) : [];
  return (
    <div className="space-y-6">
      <ContestPageHeading contest={d.contest} title={`Who goes on to round ${d.next.number}`} />
      <p className="text-sm">
        <Link to={`/admin/contests/${d.contest.id}/rounds`} className="underline">
          ← All rounds
        </Link>
      </p>
      <Card>
        <CardHeader>
          <CardTitle>
            Round {d.round.number}: {d.round.name}
          </CardTitle>
        </CardHeader>
        <CardContent className="space-y-2 text-base">
          <p>
            Judging: {d.round.opens} to {d.round.closes}.
          </p>
          <p>{d.round.rule}</p>
          <p>Entries without a score never go on by the rule, but you may take one in.</p>
          {fixed ? (
            <Alert title="Confirmed">
              Who goes on was fixed on {d.advancedAt}. It cannot change now.
            </Alert>
          ) : (
            <p>
              If nobody confirms, the rule (with your choices below) is applied by itself when the
              round closes.
            </p>
          )}
          {!fixed && d.missing > 0 ? (
            <Alert variant="destructive" title="Scores missing">
              {d.missing} {d.missing === 1 ? "score is" : "scores are"} still to come in this round.
              Confirming now leaves them out.
            </Alert>
          ) : null}
          <FormErrorAlert errors={pageErrors} />
          {!fixed ? (
            <Form method="post">
              <Button
                type="submit"
                name="intent"
                value="confirm"
                disabled={busy || !d.round.opened}
              >
                Confirm who goes on
              </Button>
              {!d.round.opened ? (
                <p className="mt-1 text-sm text-slate-700">You can confirm once the round opens.</p>
              ) : null}
            </Form>
          ) : null}
        </CardContent>
      </Card>

      {d.divisions.map((div) => {
        const going = div.entries.filter((e) => e.goesOn).length;
        return (
          <section key={div.id ?? "all"} aria-labelledby={`div-${div.id ?? "all"}`}>
            <h2 id={`div-${div.id ?? "all"}`} className="text-xl font-semibold">
              {div.name}: {going} of {div.entries.length} go on
            </h2>
            {div.entries.length === 0 ? (
              <EmptyState className="mt-2 p-4">No entries in this round.</EmptyState>
            ) : (
              <DataTable
                className="mt-2"
                columns={[
                  "Rank",
                  "Entry",
                  "Average",
                  "Scores in",
                  "Decision",
                  { label: "Change", className: "py-2" },
                ]}
              >
                {div.entries.map((e) => {
                  const errs = errorsFor(e.id);
                  return (
                    <tr key={e.id} className="border-b border-slate-100 align-top">
                      <td className="py-2 pr-4">{e.rank ?? "—"}</td>
                      <td className="py-2 pr-4">{e.title}</td>
                      <td className="py-2 pr-4">
                        {e.average === null ? "No score" : e.average.toFixed(2)}
                      </td>
                      <td className="py-2 pr-4">
                        {e.scored} of {e.assigned}
                      </td>
                      <td className="py-2 pr-4">
                        <strong>{e.goesOn ? "Goes on" : "Stays"}</strong>
                        {e.choice ? (
                          <p className="text-sm text-slate-700">
                            {e.choice === "include"
                              ? "Taken in by an admin"
                              : "Left out by an admin"}
                            {e.note ? `: ${e.note}` : ""}
                          </p>
                        ) : e.byRule ? (
                          <p className="text-sm text-slate-700">By the rule</p>
                        ) : null}
                      </td>
                      <td className="py-2">
                        {fixed ? null : e.choice ? (
                          <Form method="post">
                            <input type="hidden" name="submissionId" value={e.id} />
                            <Button
                              type="submit"
                              size="sm"
                              variant="secondary"
                              name="intent"
                              value="clear"
                            >
                              Let the rule decide<span className="sr-only">: {e.title}</span>
                            </Button>
                          </Form>
                        ) : (
                          <Form method="post" className="flex flex-wrap items-end gap-2">
                            <input type="hidden" name="submissionId" value={e.id} />
                            <input type="hidden" name="include" value={e.goesOn ? "no" : "yes"} />
                            <Field
                              label={<span className="text-sm">Note (why)</span>}
                              name="note"
                              id={`note-${e.id}`}
                              errors={errs.note ?? errs[""] ?? undefined}
                              className="w-56"
                            />
                            <Button
                              type="submit"
                              size="sm"
                              variant="secondary"
                              name="intent"
                              value="choose"
                            >
                              {e.goesOn ? "Leave out" : "Take in"}
                              <span className="sr-only">: {e.title}</span>
                            </Button>
                          </Form>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </DataTable>
            )}
          </section>
        );
      })}
    </div>
  );
}
