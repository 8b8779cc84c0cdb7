import { parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ContestPageHeading, FormErrorAlert } from "~/components/contests/contest-library";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { ErrorList, Field, inputClass } from "~/components/ui/field";
import { requireAdmin } from "~/features/accounts/auth.server";
import {
  ADVANCE_RULES,
  ADVANCE_RULE_LABEL,
  MAX_ROUNDS,
  roundCountLabel,
  roundPlanSchema,
  SINGLE_ROUND_DATES,
} from "~/features/rounds/round-plan";
import { loadPreview, roundsPageData, saveRoundPlan } from "~/features/rounds/round-plan.server";
import { ROUND_METHOD_LABEL, ROUND_METHODS } from "~/features/comparison/desk";
import { answerRefusal } from "~/utils/action.server";
import { formatDateTime, toZonedInputValue } from "~/utils/dates";
import { readForm } from "~/utils/form-body.server";
import { redirectWithToast } from "~/utils/toast.server";
import { useIsPending } from "~/utils/use-is-pending";
import { contestNotFound } from "../../admin-library.server";
import { CapacityCard } from "~/components/rounds/capacity-card";
import { contestCapacity } from "~/features/rounds/capacity.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Rounds · ${data?.contest.title ?? "Contest"} · Admin · Inkwell` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const d = await roundsPageData(params.id ?? "");
  if (!d) throw await contestNotFound();
  const tz = d.contest.timeZone;
  const planned = d.rounds.filter((r) => r.id !== null);
  const capacity = await contestCapacity(d.contest.id);
  // Each judge's load in the saved comparison rounds (docs/decisions/0056-comparison-rounds.md).
  const preview = planned.some((r) => r.method === "comparison")
    ? await loadPreview(d.contest.id, planned)
    : null;
  return {
    capacity,
    preview,
    contest: {
      id: d.contest.id,
      title: d.contest.title,
      timeZone: tz,
      submissionsClose: formatDateTime(d.contest.submissionsClose, tz),
      judgingOpen: formatDateTime(d.contest.judgingOpen, tz),
      judgingClose: formatDateTime(d.contest.judgingClose, tz),
      resultsAt: formatDateTime(d.contest.resultsAt, tz),
      draftSubmissionsClose: formatDateTime(d.draft.submissionsClose, tz),
      draftResultsAt: formatDateTime(d.draft.resultsAt, tz),
    },
    rubrics: d.rubrics,
    judges: d.judges,
    count: Math.max(1, planned.length),
    rounds: planned.map((r) => ({
      number: r.number,
      name: r.name,
      judgingOpen: toZonedInputValue(r.judgingOpen, tz),
      judgingClose: toZonedInputValue(r.judgingClose, tz),
      opens: formatDateTime(r.judgingOpen, tz),
      closes: formatDateTime(r.judgingClose, tz),
      rubricId: r.rubricId ?? "",
      judgesPerEntry: String(r.judgesPerEntry),
      judgeIds: r.judgeIds,
      advanceRule: r.advanceRule ?? "",
      advanceValue: r.advanceValue === null ? "" : String(r.advanceValue),
      advanced: r.advancedAt !== null,
      method: r.method,
      comparisonsPerEntry: String(r.comparisonsPerEntry),
    })),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdmin(request);
  const d = await roundsPageData(params.id ?? "");
  if (!d) throw await contestNotFound();
  const submission = parseWithZod(await readForm(request), { schema: roundPlanSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    if (submission.value.intent === "preview-rounds") {
      // What the plan means for judges' loads, before saving: nothing is written (ADR 0056).
      const shown = await saveRoundPlan(d.contest.id, submission.value, new Date(), {
        preview: true,
      });
      return data({ result: submission.reply(), preview: shown.preview });
    }
    const saved = await saveRoundPlan(d.contest.id, submission.value);
    return redirectWithToast(`/admin/contests/${d.contest.id}/rounds`, {
      type: "success",
      title: "Rounds saved",
      description:
        saved.rounds === 1
          ? "The contest is judged in one round, on its own judging dates."
          : `The contest is judged in ${saved.rounds} rounds.`,
    });
  } catch (error) {
    return answerRefusal(error, { reply: submission });
  }
}

type Values = Record<string, unknown>;
const str = (v: unknown) => (typeof v === "string" ? v : "");

export default function ContestRounds() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const result = actionData?.result;
  const errors = (result?.error ?? {}) as Record<string, string[] | null>;
  const sent = (result?.initialValue ?? null) as Values | null;
  const sentRounds = (sent?.rounds ?? []) as Values[];
  const busy = useIsPending({ state: "submitting" });
  const count = sent ? Number(str(sent.count)) || d.count : d.count;
  const formErrors = errors[""] ?? [];
  const preview = ((actionData && "preview" in actionData ? actionData.preview : null) ??
    (sent ? null : d.preview)) as Preview | null;
  const fieldOf = (i: number, f: string) => errors[`rounds[${i}].${f}`] ?? undefined;

  return (
    <div className="space-y-6">
      <ContestPageHeading contest={d.contest} title="Judging rounds" />
      <Card>
        <CardHeader>
          <CardTitle>The contest's timeline</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="space-y-1 text-base">
            <li>Submissions close: {d.contest.submissionsClose}</li>
            {d.rounds.length ? (
              d.rounds.map((r) => (
                <li key={r.number}>
                  Round {r.number} ({r.name}): {r.opens} to {r.closes}
                  {r.advanceRule ? (
                    <>
                      {" · "}
                      <Link
                        to={`/admin/contests/${d.contest.id}/rounds/${r.number}/advance`}
                        className="underline"
                      >
                        {r.advanced ? "Who went on" : "Who goes on"} to round {r.number + 1}
                      </Link>
                    </>
                  ) : null}
                </li>
              ))
            ) : (
              <li>
                Judging (one round): {d.contest.judgingOpen} to {d.contest.judgingClose}
              </li>
            )}
            <li>Results: {d.contest.resultsAt}</li>
          </ul>
        </CardContent>
      </Card>

      <CapacityCard capacity={d.capacity} />

      <Form method="post" className="space-y-6" noValidate>
        <FormErrorAlert errors={formErrors} />
        {preview ? <LoadPreview preview={preview} /> : null}
        <div className="max-w-xs space-y-1">
          <label htmlFor="round-count" className="block text-base font-medium text-slate-800">
            Number of rounds
          </label>
          <select
            id="round-count"
            name="count"
            defaultValue={String(count)}
            className={inputClass}
            aria-describedby="round-count-hint"
          >
            {Array.from({ length: MAX_ROUNDS }, (_, i) => (
              <option key={i} value={i + 1}>
                {roundCountLabel(i + 1)}
              </option>
            ))}
          </select>
          <p id="round-count-hint" className="text-base text-slate-700">
            {SINGLE_ROUND_DATES.rubric} {SINGLE_ROUND_DATES.comparison} With more rounds, only the
            first rounds below, up to this number, are saved. Dates are in {d.contest.timeZone}.
            Rounds are checked against the contest's dates as last saved (submissions close{" "}
            {d.contest.draftSubmissionsClose}, results {d.contest.draftResultsAt}
            ); Publish checks them again.
          </p>
          <ErrorList errors={errors.count ?? undefined} />
        </div>

        {Array.from({ length: MAX_ROUNDS }, (_, i) => {
          const saved = d.rounds[i];
          const v = (f: string, fallback: string) => (sent ? str(sentRounds[i]?.[f]) : fallback);
          const pool = sent
            ? ([] as string[]).concat((sentRounds[i]?.judgeIds as string[] | string) ?? [])
            : (saved?.judgeIds ?? []);
          return (
            <fieldset key={i} className="min-w-0 space-y-3 rounded-md border border-slate-200 p-4">
              <legend className="px-1 text-lg font-semibold">Round {i + 1}</legend>
              <Field
                label="Name"
                name={`rounds[${i}].name`}
                defaultValue={v("name", saved?.name ?? (i === 0 ? "First round" : ""))}
                errors={fieldOf(i, "name")}
              />
              <div className="flex flex-wrap gap-4">
                <Field
                  label="Judging opens"
                  type="datetime-local"
                  name={`rounds[${i}].judgingOpen`}
                  defaultValue={v("judgingOpen", saved?.judgingOpen ?? "")}
                  errors={fieldOf(i, "judgingOpen")}
                />
                <Field
                  label="Judging closes"
                  type="datetime-local"
                  name={`rounds[${i}].judgingClose`}
                  defaultValue={v("judgingClose", saved?.judgingClose ?? "")}
                  errors={fieldOf(i, "judgingClose")}
                />
                <Field
                  label="Judges per entry"
                  type="number"
                  min={1}
                  step={1}
                  name={`rounds[${i}].judgesPerEntry`}
                  defaultValue={v("judgesPerEntry", saved?.judgesPerEntry ?? "3")}
                  errors={fieldOf(i, "judgesPerEntry")}
                  className="w-40"
                />
              </div>
              <div className="flex flex-wrap gap-4">
                <div className="w-full max-w-md space-y-1">
                  <label
                    htmlFor={`method-${i}`}
                    className="block text-base font-medium text-slate-800"
                  >
                    How this round is judged
                  </label>
                  <select
                    id={`method-${i}`}
                    name={`rounds[${i}].method`}
                    defaultValue={v("method", saved?.method ?? "rubric")}
                    className={inputClass}
                  >
                    {ROUND_METHODS.map((m) => (
                      <option key={m} value={m}>
                        {ROUND_METHOD_LABEL[m]}
                      </option>
                    ))}
                  </select>
                  <ErrorList errors={fieldOf(i, "method")} />
                </div>
                <Field
                  label="Comparisons per entry (comparison only)"
                  type="number"
                  min={1}
                  step={1}
                  name={`rounds[${i}].comparisonsPerEntry`}
                  defaultValue={v("comparisonsPerEntry", saved?.comparisonsPerEntry ?? "10")}
                  errors={fieldOf(i, "comparisonsPerEntry")}
                  className="w-72"
                />
              </div>
              <div className="max-w-md space-y-1">
                <label
                  htmlFor={`rubric-${i}`}
                  className="block text-base font-medium text-slate-800"
                >
                  Rubric
                </label>
                <select
                  id={`rubric-${i}`}
                  name={`rounds[${i}].rubricId`}
                  defaultValue={v("rubricId", saved?.rubricId ?? "")}
                  className={inputClass}
                >
                  <option value="">The contest's first rubric</option>
                  {d.rubrics.map((r) => (
                    <option key={r.id} value={r.id}>
                      {r.name}
                    </option>
                  ))}
                </select>
                <ErrorList errors={fieldOf(i, "rubricId")} />
              </div>
              <fieldset className="space-y-1">
                <legend className="text-base font-medium text-slate-800">
                  Judges of this round (none ticked: every judge)
                </legend>
                <div className="flex flex-wrap gap-x-4 gap-y-1">
                  {d.judges.map((j) => (
                    <label key={j.id} className="flex items-center gap-2 text-base">
                      <input
                        type="checkbox"
                        name={`rounds[${i}].judgeIds`}
                        value={j.id}
                        defaultChecked={pool.includes(j.id)}
                      />
                      {j.displayName}
                    </label>
                  ))}
                </div>
                <ErrorList errors={fieldOf(i, "judgeIds")} />
              </fieldset>
              <div className="flex flex-wrap gap-4">
                <div className="w-full max-w-md space-y-1">
                  <label
                    htmlFor={`rule-${i}`}
                    className="block text-base font-medium text-slate-800"
                  >
                    Who goes on to round {i + 2} (not for the last round)
                  </label>
                  <select
                    id={`rule-${i}`}
                    name={`rounds[${i}].advanceRule`}
                    defaultValue={v("advanceRule", saved?.advanceRule ?? "")}
                    className={inputClass}
                  >
                    <option value="">Nobody: this is the last round</option>
                    {ADVANCE_RULES.map((rule) => (
                      <option key={rule} value={rule}>
                        {ADVANCE_RULE_LABEL[rule]}
                      </option>
                    ))}
                  </select>
                  <ErrorList errors={fieldOf(i, "advanceRule")} />
                </div>
                <Field
                  label="N or X"
                  type="number"
                  step="any"
                  name={`rounds[${i}].advanceValue`}
                  defaultValue={v("advanceValue", saved?.advanceValue ?? "")}
                  errors={fieldOf(i, "advanceValue")}
                  className="w-40"
                />
              </div>
            </fieldset>
          );
        })}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" name="intent" value="save-rounds" disabled={busy}>
            Save Rounds
          </Button>
          <Button type="submit" name="intent" value="preview-rounds" variant="outline">
            Preview judges&apos; load
          </Button>
        </div>
      </Form>
    </div>
  );
}

type Preview = NonNullable<Awaited<ReturnType<typeof loadPreview>>>;

/** Each comparison round's load per judge, per division (ADR 0056). */
function LoadPreview({ preview }: { preview: Preview }) {
  const compared = preview.filter((r) => r.method === "comparison");
  if (compared.length === 0) return null;
  return (
    <section
      aria-labelledby="load-preview"
      className="space-y-2 rounded-md border border-slate-300 bg-slate-50 p-4"
    >
      <h2 id="load-preview" className="text-lg font-semibold">
        What comparison means for each judge
      </h2>
      <ul className="space-y-1 text-base" data-testid="load-preview">
        {compared.flatMap((r) =>
          r.lines.map((l) => (
            <li key={`${r.round}-${l.division ?? ""}`}>
              Round {r.round}
              {l.division ? (
                <>
                  , <bdi>{l.division}</bdi>
                </>
              ) : null}
              : {l.entries} entries × {r.perEntry} comparisons ÷ 2 = {l.comparisons} comparisons
              {l.perJudge === null
                ? ", and no judge on the panel can take them."
                : `, about ${l.perJudge} for each of ${l.judges} ${l.judges === 1 ? "judge" : "judges"}.`}
            </li>
          )),
        )}
      </ul>
    </section>
  );
}
