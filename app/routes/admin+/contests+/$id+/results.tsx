import { DataTable } from "~/components/ui/data-table";
import { readForm } from "~/utils/form-body.server";
import { parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { ContestPageHeading } from "~/components/contests/contest-library";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { inputClass } from "~/components/ui/field";
import { requireAdmin } from "~/features/accounts/auth.server";
import { formatScore } from "~/features/judging/scoring";
import { awardLabel, ordinal } from "~/features/results/awards";
import {
  awardsReview,
  resetAwards,
  saveAwards,
  saveAwardSettings,
} from "~/features/results/award-review.server";
import { answerRefusal } from "~/utils/action.server";
import { formatDateTime } from "~/utils/dates";
import { notFound } from "~/utils/responses";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Results · ${data?.contest.title ?? "Contest"} · Admin · Inkwell` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const review = await awardsReview(params.id ?? "");
  if (!review) throw notFound("This contest is not published.");
  const { contest } = review;
  return {
    contest: {
      id: contest.id,
      slug: contest.slug,
      title: contest.title,
      places: contest.places,
      honourableMentions: contest.honourableMentions,
      resultsAt: formatDateTime(contest.resultsAt, contest.timeZone),
    },
    published: review.published,
    adjusted: review.adjusted,
    // A contest with divisions: awards per division, from the final round's ranking
    // (docs/decisions/0032-divisions-and-rounds.md).
    divisions: review.divisions,
    finalRound: review.finalRound,
    rows: review.rows.map((r) => ({
      ...r,
      choice: r.award ? (r.award.kind === "place" ? String(r.award.place) : "hm") : "none",
      label: r.award ? awardLabel(r.award) : null,
      computedLabel: r.computed ? awardLabel(r.computed) : null,
      note: r.award?.note ?? null,
    })),
  };
}

const count = (label: string, max: number) =>
  z.coerce
    .number({ invalid_type_error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(0)
    .max(max);

const actionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("settings"),
    places: count("Places", 20),
    honourableMentions: count("Honourable mentions", 50),
  }),
  z.object({ intent: z.literal("awards"), note: z.string().max(500).optional() }),
  z.object({ intent: z.literal("reset") }),
]);

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdmin(request);
  const id = params.id ?? "";
  const here = `/admin/contests/${id}/results`;
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: actionSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, { status: submission.status ? 400 : 200 });
  }
  const value = submission.value;
  try {
    if (value.intent === "settings") {
      await saveAwardSettings(id, value);
      return redirectWithToast(here, { type: "success", title: "Award settings saved" });
    }
    if (value.intent === "reset") {
      await resetAwards(id);
      return redirectWithToast(here, { type: "success", title: "Awards follow the ranking again" });
    }
    const choices: Record<string, string> = {};
    for (const [key, v] of formData) {
      if (key.startsWith("award:") && typeof v === "string") choices[key.slice(6)] = v;
    }
    await saveAwards(id, { choices, note: value.note });
    return redirectWithToast(here, { type: "success", title: "Awards saved" });
  } catch (error) {
    return answerRefusal(error, { reply: submission });
  }
}

export default function ContestResultsAdmin() {
  const { contest, published, adjusted, rows, divisions, finalRound } =
    useLoaderData<typeof loader>();
  const groups = divisions.length
    ? [
        ...divisions.map((d) => ({
          key: d.id,
          name: d.name as string | null,
          rows: rows.filter((r) => r.divisionId === d.id),
        })),
        {
          key: "none",
          name: "No division",
          rows: rows.filter((r) => !divisions.some((d) => d.id === r.divisionId)),
        },
      ].filter((g) => g.rows.length > 0)
    : [{ key: "all", name: null, rows }];
  const actionData = useActionData<typeof action>();
  const errors = actionData?.result.error ? Object.values(actionData.result.error).flat() : [];
  const options = [
    ...Array.from({ length: contest.places }, (_, i) => [String(i + 1), `${ordinal(i + 1)} place`]),
    ["hm", "Honourable mention"],
    ["none", "No award"],
  ];
  return (
    <div className="space-y-6">
      <ContestPageHeading contest={contest} title="Results and awards" />
      {errors.length ? (
        <Alert variant="destructive" title="Not saved">
          <ul className="list-disc pl-5">
            {errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {published ? (
        <Alert variant="info" title="Results are published">
          They went out on {contest.resultsAt}; the awards below are final.{" "}
          <Link to={`/contests/${contest.slug}/results`} className="underline">
            See the public page
          </Link>
          .
        </Alert>
      ) : (
        <p className="text-base text-slate-700">
          Results are published on {contest.resultsAt}. Until then you can change how many awards
          there are and adjust them (for example to break a tie).{" "}
          <Link to={`/contests/${contest.slug}/results`} className="underline">
            The public page
          </Link>{" "}
          shows them from that moment;{" "}
          <Link to={`/contests/${contest.slug}/results?preview`} className="underline">
            preview it as it will look
          </Link>
          .
        </p>
      )}

      <Card>
        <CardHeader>
          <CardTitle>How many awards</CardTitle>
        </CardHeader>
        <CardContent>
          <Form method="post" className="flex flex-wrap items-end gap-4">
            <input type="hidden" name="intent" value="settings" />
            <label className="block text-sm font-medium">
              Places
              <input
                name="places"
                type="number"
                min={1}
                max={20}
                defaultValue={contest.places}
                disabled={published}
                className={`${inputClass} mt-1 w-24`}
              />
            </label>
            <label className="block text-sm font-medium">
              Honourable mentions
              <input
                name="honourableMentions"
                type="number"
                min={0}
                max={50}
                defaultValue={contest.honourableMentions}
                disabled={published}
                className={`${inputClass} mt-1 w-24`}
              />
            </label>
            {!published ? <Button type="submit">Save</Button> : null}
          </Form>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>
            The awards {adjusted ? "(adjusted by an admin)" : "(from the ranking)"}
          </CardTitle>
        </CardHeader>
        <CardContent>
          {rows.length === 0 ? (
            <p className="text-base">No entry has been scored yet.</p>
          ) : (
            <Form method="post" className="space-y-4">
              {finalRound ? (
                <p className="text-base text-slate-700">
                  Ranked on round {finalRound}, the final round
                  {divisions.length
                    ? ", within each division. Every division has its own places and honourable mentions."
                    : "."}
                </p>
              ) : divisions.length ? (
                <p className="text-base text-slate-700">
                  Ranked within each division. Every division has its own places and honourable
                  mentions.
                </p>
              ) : null}
              {groups.map((g) => (
                <section key={g.key} aria-label={g.name ?? undefined} className="space-y-2">
                  {g.name ? <h3 className="text-lg font-semibold">{g.name}</h3> : null}
                  <DataTable
                    columns={[
                      "Rank",
                      "Entry",
                      "Average",
                      "From the ranking",
                      { label: "Award", className: "py-2" },
                    ]}
                  >
                    {g.rows.map((r) => (
                      <tr key={r.id} className="border-b align-top">
                        <td className="py-2 pr-3">{r.rank ?? "—"}</td>
                        <td className="break-words py-2 pr-3">
                          <Link to={`/admin/scoring/${r.id}`} className="underline">
                            {r.title}
                          </Link>
                          {r.writer ? (
                            <span className="block text-sm text-slate-600">By {r.writer}</span>
                          ) : null}
                        </td>
                        <td className="py-2 pr-3">
                          {formatScore(r.average)} ({r.scored} scores)
                        </td>
                        <td className="py-2 pr-3">{r.computedLabel ?? "—"}</td>
                        <td className="py-2">
                          {published ? (
                            r.label ? (
                              <Badge>{r.label}</Badge>
                            ) : (
                              "—"
                            )
                          ) : (
                            <select
                              name={`award:${r.id}`}
                              defaultValue={r.choice}
                              aria-label={`Award for ${r.title}`}
                              className={inputClass}
                            >
                              {options.map(([v, l]) => (
                                <option key={v} value={v}>
                                  {l}
                                </option>
                              ))}
                            </select>
                          )}
                        </td>
                      </tr>
                    ))}
                  </DataTable>
                </section>
              ))}
              {rows.find((r) => r.note) ? (
                <p className="text-base">Note: {rows.find((r) => r.note)?.note}</p>
              ) : null}
              {!published ? (
                <>
                  <label className="block text-sm font-medium">
                    Note (needed when the awards differ from the ranking)
                    <textarea
                      name="note"
                      rows={2}
                      maxLength={500}
                      className={`${inputClass} mt-1`}
                    />
                  </label>
                  <div className="flex flex-wrap gap-2">
                    <Button type="submit" name="intent" value="awards">
                      Save awards
                    </Button>
                    {adjusted ? (
                      <Button type="submit" name="intent" value="reset" variant="outline">
                        Follow the ranking again
                      </Button>
                    ) : null}
                  </div>
                </>
              ) : null}
            </Form>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
