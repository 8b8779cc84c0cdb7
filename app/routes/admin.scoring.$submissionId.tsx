import { notFound } from "~/utils/responses";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { EmptyState } from "~/components/ui/data-table";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { requireAdmin } from "~/features/accounts/auth.server";
import { entryScores } from "~/features/judging/ranking.server";
import { formatScore } from "~/features/judging/scoring";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Scores: ${data.submission.title} · Inkwell` : "Scores · Inkwell" },
];

/** One entry's scores: each judge's criterion scores, total and comments (admins only). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const entry = await entryScores(params.submissionId ?? "");
  if (!entry) throw notFound();
  return entry;
}

export default function EntryScores() {
  const { submission, judges, average } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <div>
        <Link
          to={`/admin/scoring?contest=${submission.contest.id}`}
          className="text-sm text-ink-700 underline"
        >
          ← Scoring Overview: {submission.contest.title}
        </Link>
        <h1 className="mt-2 font-serif text-3xl font-bold">{submission.title}</h1>
        <p className="mt-1 text-slate-600">
          By {submission.entrant.displayName} ({submission.entrant.email}) · {submission.wordCount}{" "}
          words · status {submission.status}
        </p>
        <p className="mt-2 text-lg">
          Average Score: <strong>{formatScore(average)}</strong>{" "}
          <span className="text-sm text-slate-600">
            ({judges.filter((j) => j.score?.submitted).length} of {judges.length} judges)
          </span>
        </p>
      </div>
      {judges.length === 0 ? (
        <EmptyState className="p-6">No assignments yet</EmptyState>
      ) : (
        judges.map((j) => (
          <Card key={j.id}>
            <CardHeader>
              <CardTitle as="h2" className="flex flex-wrap items-center gap-2">
                {j.judge.displayName}{" "}
                <span className="text-sm font-normal text-slate-600">({j.judge.email})</span>
                {j.score?.submitted ? (
                  <Badge variant="success">Submitted</Badge>
                ) : j.score ? (
                  <Badge variant="secondary">Draft</Badge>
                ) : (
                  <Badge variant="outline">Not scored</Badge>
                )}
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
                </>
              ) : (
                <p className="text-sm text-slate-600">This judge has not scored the entry yet.</p>
              )}
            </CardContent>
          </Card>
        ))
      )}
    </div>
  );
}
