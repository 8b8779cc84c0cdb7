import { notFound } from "~/utils/responses";
import { parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { EntryNotes } from "~/components/judging/entry-notes";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { judgeLetter } from "~/features/judging/notes";
import { notesForAdmin } from "~/features/judging/notes.server";
import { SPREAD_DEFAULT, spreadLabel } from "~/features/judging/spread";
import { entrySpread } from "~/features/judging/spread.server";
import { addJudgeToEntry } from "~/features/assignment/assignment-changes.server";
import { answerRefusal } from "~/utils/action.server";
import { readForm } from "~/utils/form-body.server";
import { redirectWithToast } from "~/utils/toast.server";
import { noteAction } from "../../entry-notes.server";
import { EmptyState } from "~/components/ui/data-table";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { requireAdmin } from "~/features/accounts/auth.server";
import { entryScores } from "~/features/judging/entry-scores.server";
import { entryComparisonRounds } from "~/features/judging/entry-comparisons.server";
import { formatScore } from "~/features/judging/scoring";
import { formatDateTime } from "~/utils/dates";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Scores: ${data.submission.title} · Inkwell` : "Scores · Inkwell" },
];

/** One entry's scores: each judge's criterion scores, total and comments (admins only). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const entry = await entryScores(params.submissionId ?? "");
  if (!entry) throw notFound();
  const zone = entry.submission.contest.timeZone;
  const [spread, discussion, compared] = await Promise.all([
    entrySpread(entry.submission.id),
    notesForAdmin(entry.submission.id),
    entryComparisonRounds(entry.submission.contest.id, entry.submission.id),
  ]);
  return {
    ...entry,
    /** The rounds this entry was judged by comparison in (docs/decisions/0056-comparison-rounds.md). */
    compared: compared.map((r) => ({
      ...r,
      choices: r.choices.map((c) => ({ ...c, decidedAt: formatDateTime(c.decidedAt, zone) })),
    })),
    flags: (spread?.rounds ?? [])
      .filter((r) => r.flagged)
      .map((r) => ({
        round: r.round,
        label: spreadLabel(r.spread ?? 0, r.scale),
        several: (spread?.rounds.length ?? 0) > 1,
      })),
    percent: spread?.percent ?? SPREAD_DEFAULT,
    discussion: {
      open: discussion?.open ?? false,
      notes: (discussion?.notes ?? []).map((n) => ({
        id: n.id,
        author: n.author,
        body: n.body,
        when: formatDateTime(n.createdAt, zone),
      })),
    },
    judges: entry.judges.map((j) => ({
      ...j,
      score: j.score
        ? {
            ...j.score,
            history: j.score.history.map((h) => ({
              ...h,
              changedAt: formatDateTime(h.changedAt, zone),
            })),
          }
        : null,
    })),
  };
}

const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add-judge") }),
  z.object({ intent: z.literal("note"), body: z.string().optional() }),
]);

/** "Add a judge" (one more panel judge) and the entry's notes (docs/decisions/0033-judging-panel.md). */
export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const submissionId = params.submissionId ?? "";
  const here = `/admin/scoring/${submissionId}`;
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: actionSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  if (submission.value.intent === "note")
    return noteAction(formData, { submissionId, authorId: admin.id, role: "admin", here });
  try {
    const name = await addJudgeToEntry(submissionId);
    return redirectWithToast(here, {
      type: "success",
      title: "Judge added",
      description: `${name} will read this entry too.`,
    });
  } catch (error) {
    return answerRefusal(error, { redirectTo: here });
  }
}

type Change = {
  total: number;
  comment: string;
  criteria: { key: string; label: string; value: number | null }[];
};
const describe = (v: Change) =>
  `${formatScore(v.total)} (${v.criteria.map((c) => `${c.label} ${c.value ?? "—"}`).join(", ")})`;

export default function EntryScores() {
  const { submission, judges, average, flags, percent, discussion, compared } =
    useLoaderData<typeof loader>();
  // An entry judged only by comparison has no rubric scores: its measure stands in their place.
  const comparedOnly = compared.length > 0 && judges.length === 0;
  return (
    <div className="space-y-6">
      <div>
        <Link
          to={`/admin/contests/${submission.contest.id}/scoring`}
          className="text-sm text-ink-700 underline"
        >
          ← Scoring Overview: {submission.contest.title}
        </Link>
        <h1 className="mt-2 font-serif text-3xl font-bold">{submission.title}</h1>
        <p className="mt-1 text-slate-600">
          By {submission.entrant.displayName} ({submission.entrant.email}) · {submission.wordCount}{" "}
          words · status {submission.status}
        </p>
        {comparedOnly ? null : (
          <p className="mt-2 text-lg">
            Average Score: <strong>{formatScore(average)}</strong>{" "}
            <span className="text-sm text-slate-600">
              ({judges.filter((j) => j.score?.submitted).length} of {judges.length} judges)
            </span>
          </p>
        )}
      </div>
      {compared.map((r) => (
        <ComparedRound key={r.number} round={r} several={compared.length > 1 || !comparedOnly} />
      ))}
      {flags.map((f) => (
        <Alert
          key={f.round}
          variant="warning"
          title={
            <>
              <span aria-hidden="true">⚠ </span>
              {f.several ? `Round ${f.round}: ` : ""}
              {f.label}
            </>
          }
        >
          The judges&apos; totals are further apart than {percent}% of the rubric&apos;s scale.
          Another judge&apos;s read can settle it.
        </Alert>
      ))}
      {comparedOnly ? null : (
        <Form method="post" className="flex flex-wrap items-center gap-3">
          <input type="hidden" name="intent" value="add-judge" />
          <Button type="submit" variant={flags.length ? "default" : "outline"}>
            Add a judge
          </Button>
          <span className="text-sm text-slate-600">
            One more judge from the contest&apos;s panel, the one with the fewest entries.
          </span>
        </Form>
      )}
      {comparedOnly ? null : judges.length === 0 ? (
        <EmptyState className="p-6">No assignments yet</EmptyState>
      ) : (
        judges.map((j, i) => (
          <Card key={j.id}>
            <CardHeader>
              <CardTitle as="h2" className="flex flex-wrap items-center gap-2">
                {j.judge.displayName}{" "}
                <span className="text-sm font-normal text-slate-600">({j.judge.email})</span>
                <span className="text-sm font-normal text-slate-600">
                  {judgeLetter(i)} in the notes
                </span>
                {j.score?.submitted ? (
                  <Badge variant="success">Submitted</Badge>
                ) : j.score ? (
                  <Badge variant="secondary">Draft</Badge>
                ) : (
                  <Badge variant="outline">Not scored</Badge>
                )}
                {j.draftInProgress ? (
                  <Badge variant="outline">Unsubmitted draft (not counted)</Badge>
                ) : null}
              </CardTitle>
            </CardHeader>
            <CardContent>
              {j.score ? (
                <>
                  <table className="w-full text-left text-sm">
                    <caption className="sr-only">
                      Criterion scores from {j.judge.displayName}
                    </caption>
                    <thead className="border-b border-slate-200 text-slate-600">
                      <tr>
                        <th scope="col" className="py-1 pr-4">
                          Criterion ({j.score.rubricName})
                        </th>
                        <th scope="col" className="py-1 pr-4">
                          Weight
                        </th>
                        <th scope="col" className="py-1 text-right">
                          Score
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {j.score.criteria.map((c) => (
                        <tr key={c.key} className="border-b border-slate-100">
                          <td className="py-1 pr-4">{c.label}</td>
                          <td className="py-1 pr-4">{Math.round(c.weight * 100)}%</td>
                          <td className="py-1 text-right tabular-nums">
                            {c.value} / {c.maxPoints}
                          </td>
                        </tr>
                      ))}
                      <tr>
                        <th scope="row" colSpan={2} className="py-1 pr-4 text-left">
                          Weighted total
                        </th>
                        <td className="py-1 text-right font-semibold tabular-nums">
                          {formatScore(j.score.total)}
                        </td>
                      </tr>
                    </tbody>
                  </table>
                  <h3 className="mt-4 text-sm font-semibold">Comments</h3>
                  <p className="mt-1 whitespace-pre-wrap text-sm text-slate-700">
                    {j.score.comment || "No comments."}
                  </p>
                  <h3 className="mt-4 text-sm font-semibold">Changes after submission</h3>
                  {j.score.history.length === 0 ? (
                    <p className="mt-1 text-sm text-slate-600">
                      The submitted score has not been changed.
                    </p>
                  ) : (
                    <table className="mt-1 w-full text-left text-sm" data-testid="score-history">
                      <caption className="sr-only">
                        Changes to the submitted score from {j.judge.displayName}
                      </caption>
                      <thead className="border-b border-slate-200 text-slate-600">
                        <tr>
                          <th scope="col" className="py-1 pr-4">
                            When
                          </th>
                          <th scope="col" className="py-1 pr-4">
                            Who
                          </th>
                          <th scope="col" className="py-1 pr-4">
                            Before
                          </th>
                          <th scope="col" className="py-1">
                            After
                          </th>
                        </tr>
                      </thead>
                      <tbody>
                        {j.score.history.map((h) => (
                          <tr key={h.id} className="border-b border-slate-100 align-top">
                            <td className="py-1 pr-4">{h.changedAt}</td>
                            <td className="py-1 pr-4">
                              {h.changedBy
                                ? `${h.changedBy.displayName} (${h.changedBy.email})`
                                : "Deleted account"}
                            </td>
                            <td className="py-1 pr-4">
                              {describe(h.before)}
                              {h.before.comment !== h.after.comment ? (
                                <span className="block text-slate-600">
                                  Comment: {h.before.comment || "none"}
                                </span>
                              ) : null}
                            </td>
                            <td className="py-1">
                              {describe(h.after)}
                              {h.before.comment !== h.after.comment ? (
                                <span className="block text-slate-600">
                                  Comment: {h.after.comment || "none"}
                                </span>
                              ) : null}
                            </td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  )}
                </>
              ) : (
                <p className="text-sm text-slate-600">This judge has not scored the entry yet.</p>
              )}
            </CardContent>
          </Card>
        ))
      )}
      <EntryNotes
        notes={discussion.notes}
        open={discussion.open}
        intro="A short discussion with this entry's judges before the awards. They read you as Contest admin and each other as Judge A, Judge B: never names."
      />
    </div>
  );
}

type Compared = ReturnType<typeof useLoaderData<typeof loader>>["compared"][number];

/**
 * A round in which the entry was judged by comparison: its measure (logits) with its standard
 * error, its comparisons and rank, and each judge's choice and note on this piece.
 */
function ComparedRound({ round, several }: { round: Compared; several: boolean }) {
  const headingId = `compared-${round.number}`;
  return (
    <section aria-labelledby={headingId} className="space-y-3" data-testid="compared-round">
      <h2 id={headingId} className="text-xl font-semibold">
        {several
          ? `Round ${round.number} (${round.name}): judged by comparison`
          : "Judged by comparison"}
      </h2>
      <dl className="grid max-w-xl grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-base">
        <dt className="text-slate-600">Measure</dt>
        <dd>
          {round.measure === null ? "Not yet measured" : `${round.measure.toFixed(2)} logits`}
        </dd>
        <dt className="text-slate-600">Standard error</dt>
        <dd>{round.se === null ? "—" : round.se.toFixed(2)}</dd>
        <dt className="text-slate-600">Comparisons</dt>
        <dd>{round.comparisons}</dd>
        <dt className="text-slate-600">Rank</dt>
        <dd>{round.rank === null ? "Unranked" : `${round.rank} of ${round.ranked}`}</dd>
      </dl>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Judges&apos; choices and notes on this piece</caption>
        <thead className="border-b border-slate-200 text-slate-600">
          <tr>
            <th scope="col" className="py-1 pr-4">
              Judge
            </th>
            <th scope="col" className="py-1 pr-4">
              Choice
            </th>
            <th scope="col" className="py-1 pr-4">
              Note to the writer
            </th>
            <th scope="col" className="py-1">
              When
            </th>
          </tr>
        </thead>
        <tbody>
          {round.choices.map((c) => (
            <tr key={c.id} className="border-b border-slate-100 align-top">
              <td className="py-1 pr-4">
                <bdi>{c.judge.displayName || c.judge.email}</bdi>
              </td>
              <td className="py-1 pr-4">
                {c.chosen ? "Chose this piece" : "Chose the other piece"}
              </td>
              <td className="py-1 pr-4 whitespace-pre-wrap">{c.note ?? "No note."}</td>
              <td className="py-1">{c.decidedAt}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
