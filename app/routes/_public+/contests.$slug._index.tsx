import { readForm } from "~/utils/form-body.server";
import { parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button, ButtonLink } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { getOptionalUser, requireUser } from "~/features/accounts/auth.server";
import { hasOpenNotice, requestOpenNotice } from "~/features/lifecycle/notify.server";
import { answerRefusal } from "~/utils/action.server";
import { notFound } from "~/utils/responses";
import { redirectWithToast } from "~/utils/toast.server";
import { formatDateTime, formatFee } from "~/utils/dates";
import { PHASE_BADGE, PHASE_LABEL, publicPhase } from "~/features/contests/phase";
import { resultsOut } from "~/features/contests/results-release";
import { weightPercent } from "~/features/contests/public-contest";
import { getContestBySlug } from "~/features/contests/public-contests.server";
import { isAdmin } from "~/features/accounts/user";
import { entryLimitRule } from "~/features/entries/entry-limit";
import { AI_POLICY_HEADING, AI_POLICY_WORDING } from "~/features/contests/ai-policy";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title:
      data && "contest" in data && data.contest
        ? `${data.contest.title} · Inkwell`
        : "Contest not found · Inkwell",
  },
];

import { publicDivisions } from "~/features/divisions/public-divisions.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [contest, user] = await Promise.all([
    getContestBySlug(params.slug ?? ""),
    getOptionalUser(request),
  ]);
  // A draft is visible to admins only; for everyone else it does not exist.
  if (!contest || (!contest.isPublished && !isAdmin(user))) {
    return data({ contest: null, notifyRequested: false }, { status: 404 });
  }
  const phase = publicPhase(contest);
  const notifyRequested =
    phase === "coming_soon" && contest.isPublished
      ? await hasOpenNotice(user?.id, contest.id)
      : false;
  const divisions = await publicDivisions(contest.id);
  return {
    notifyRequested,
    contest: {
      slug: contest.slug,
      title: contest.title,
      description: contest.description,
      rules: contest.rules,
      // The AI-use policy's words, from the published snapshot (ADR 0053).
      aiPolicy: AI_POLICY_WORDING[contest.aiPolicy],
      isPublished: contest.isPublished,
      phase,
      opens: formatDateTime(contest.submissionsOpen, contest.timeZone),
      deadline: formatDateTime(contest.submissionsClose, contest.timeZone),
      results: formatDateTime(contest.resultsAt, contest.timeZone),
      // The link to the results only once they are out; before, the Results card gives the date.
      resultsOut: contest.isPublished && resultsOut(contest),
      wordMin: contest.wordMin,
      wordMax: contest.wordMax,
      fee: formatFee(contest.entryFeeCents),
      entryLimit: entryLimitRule(contest.entriesPerWriter),
      prompts: contest.prompts,
      rubrics: contest.rubrics,
      // Who each division is for (docs/decisions/0032-divisions-and-rounds.md).
      divisions: divisions.divisions,
      promptDivision: divisions.promptDivision,
      snapshotDate: contest.snapshotDate
        ? formatDateTime(contest.snapshotDate, contest.timeZone)
        : null,
    },
  };
}

const actionSchema = z.discriminatedUnion("intent", [z.object({ intent: z.literal("notify") })]);

/** "Notify me" on a Coming Soon contest: the open step e-mails the user once (docs/decisions/0017-contest-lifecycle.md). */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const contest = await getContestBySlug(params.slug ?? "");
  if (!contest?.isPublished) throw notFound();
  const back = `/contests/${contest.slug}`;
  const submission = parseWithZod(await readForm(request), { schema: actionSchema });
  if (submission.status !== "success")
    return redirectWithToast(back, { type: "error", title: "Error" });
  try {
    await requestOpenNotice(user.id, contest.id);
  } catch (error) {
    return answerRefusal(error, { redirectTo: back });
  }
  return redirectWithToast(back, {
    type: "success",
    title: "We will e-mail you when submissions open.",
  });
}

export default function ContestDetail() {
  const { contest, notifyRequested } = useLoaderData<typeof loader>();
  if (!contest) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16">
        <Alert variant="destructive" title="Contest not found">
          <p>The contest you are looking for does not exist or is not published.</p>
        </Alert>
        <ButtonLink to="/" variant="outline" className="mt-6">
          Back to Home
        </ButtonLink>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      {!contest.isPublished ? (
        <Alert
          variant="warning"
          className="mb-6"
          title="This contest is not yet published. Only admins can view it."
        >
          Submissions will open when the contest is published
        </Alert>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={contest.isPublished ? "default" : "secondary"}>
          {contest.isPublished ? "Published" : "Draft"}
        </Badge>
        {contest.isPublished ? (
          <Badge variant={PHASE_BADGE[contest.phase]}>{PHASE_LABEL[contest.phase]}</Badge>
        ) : null}
      </div>
      <h1 className="mt-3 font-serif text-3xl font-bold">{contest.title}</h1>
      <p className="mt-3 whitespace-pre-line text-lg text-slate-700">{contest.description}</p>

      <div className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <InfoCard title="Deadline" value={contest.deadline} note={`Opens ${contest.opens}`} />
        <InfoCard title="Word Count" value={`${contest.wordMin}–${contest.wordMax} words`} />
        <InfoCard title="Entry Fee" value={contest.fee} />
        <InfoCard title="Results" value={contest.results} />
        {contest.resultsOut ? (
          <p className="text-base sm:col-span-full">
            <Link to={`/contests/${contest.slug}/results`} className="text-ink-700 underline">
              See the results
            </Link>
          </p>
        ) : null}
      </div>
      <p className="mt-4 text-slate-700">
        <span className="font-semibold">Entries:</span> {contest.entryLimit}
      </p>

      <div className="mt-8 flex flex-wrap gap-3">
        {contest.isPublished && contest.phase === "open" ? (
          <ButtonLink to={`/contests/${contest.slug}/enter`}>Submit Your Entry</ButtonLink>
        ) : (
          <Button disabled aria-disabled="true">
            Submit Your Entry
          </Button>
        )}
        <ButtonLink to="/" variant="outline">
          Back to Home
        </ButtonLink>
      </div>
      {contest.isPublished && contest.phase === "coming_soon" ? (
        notifyRequested ? (
          <p className="mt-3 text-sm text-slate-700">We will e-mail you when submissions open.</p>
        ) : (
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="notify" />
            <Button type="submit" variant="secondary">
              Notify me
            </Button>
          </Form>
        )
      ) : null}
      {contest.isPublished && contest.phase !== "open" ? (
        <p className="mt-2 text-sm text-slate-600">
          {contest.phase === "coming_soon"
            ? `Submissions open ${contest.opens}.`
            : "Submissions for this contest have closed."}
        </p>
      ) : null}

      {contest.divisions.length ? (
        <section aria-labelledby="divisions" className="mt-10">
          <h2 id="divisions" className="text-2xl font-semibold">
            Divisions
          </h2>
          <p className="mt-2 text-slate-700">
            Each story is judged with the others in its division. Your division is decided from your{" "}
            {contest.divisions[0].basis === "age" ? "age" : "school grade"} when you send your
            story.
          </p>
          <ul className="mt-4 space-y-2">
            {contest.divisions.map((d) => (
              <li key={d.id}>
                <strong>{d.name}</strong>
                {d.range !== d.name ? `: ${d.range}` : null}
                {d.words ? ` · ${d.words}` : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="prompts" className="mt-10">
        <h2 id="prompts" className="text-2xl font-semibold">
          Prompts
        </h2>
        {contest.prompts.length ? (
          <ul className="mt-4 space-y-3">
            {contest.prompts.map((p) => (
              <li key={p.id}>
                <Card>
                  <CardHeader>
                    <CardTitle as="h3">{p.title}</CardTitle>
                    {contest.promptDivision[p.id] ? (
                      <p className="text-sm text-slate-600">
                        For {contest.promptDivision[p.id]} only
                      </p>
                    ) : null}
                  </CardHeader>
                  <CardContent>
                    <p className="whitespace-pre-line text-slate-700">{p.body}</p>
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-slate-600">No prompts have been announced yet.</p>
        )}
      </section>

      {contest.rules ? (
        <section aria-labelledby="rules" className="mt-10">
          <h2 id="rules" className="text-2xl font-semibold">
            Rules
          </h2>
          <p className="mt-3 whitespace-pre-line text-slate-700">{contest.rules}</p>
        </section>
      ) : null}

      {contest.aiPolicy ? (
        <section aria-labelledby="ai-policy" className="mt-10">
          <h2 id="ai-policy" className="text-2xl font-semibold">
            {AI_POLICY_HEADING}
          </h2>
          <p className="mt-3 text-slate-700">{contest.aiPolicy}</p>
        </section>
      ) : null}

      <section aria-labelledby="judging" className="mt-10">
        <h2 id="judging" className="text-2xl font-semibold">
          How entries are judged
        </h2>
        {contest.rubrics.length ? (
          contest.rubrics.map((r) => (
            <div key={r.id} className="mt-4">
              <h3 className="font-semibold">{r.name}</h3>
              <table className="mt-2 w-full text-left text-sm">
                <thead>
                  <tr className="border-b border-slate-200">
                    <th scope="col" className="py-2 pr-4">
                      Criterion
                    </th>
                    <th scope="col" className="py-2 pr-4">
                      Weight
                    </th>
                    <th scope="col" className="py-2">
                      Max points
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {r.criteria.map((c) => (
                    <tr key={c.key} className="border-b border-slate-100">
                      <td className="py-2 pr-4">
                        {c.label}
                        {c.description ? (
                          <span className="block text-slate-600">{c.description}</span>
                        ) : null}
                      </td>
                      <td className="py-2 pr-4">{weightPercent(c.weight)}</td>
                      <td className="py-2">
                        <Badge variant="outline">{c.maxPoints} pts</Badge>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ))
        ) : (
          <p className="mt-2 text-slate-600">The scoring rubric has not been announced yet.</p>
        )}
      </section>
      {contest.snapshotDate ? (
        <p className="mt-10 text-xs text-slate-500">Published {contest.snapshotDate}.</p>
      ) : null}
    </div>
  );
}

function InfoCard({ title, value, note }: { title: string; value: string; note?: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="text-sm font-medium text-slate-600">
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <p className="font-semibold text-slate-900">{value}</p>
        {note ? <p className="mt-1 text-xs text-slate-600">{note}</p> : null}
      </CardContent>
    </Card>
  );
}
