import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { getOptionalUser } from "~/features/accounts/auth.server";
import { isAdmin } from "~/features/accounts/user";
import { awardLabel } from "~/features/results/awards";
import { publicResults } from "~/features/results/results.server";
import { formatDateTime } from "~/utils/dates";
import { notFound } from "~/utils/responses";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Results · ${data.contest.title} · Inkwell` : "Results · Inkwell" },
];

/** Public: winners and honourable mentions after results_at; before, when they will be out. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  // Admins can see, before results_at, the page as it will be published (?preview).
  const preview =
    new URL(request.url).searchParams.has("preview") && isAdmin(await getOptionalUser(request));
  const results = await publicResults(params.slug ?? "", new Date(), { preview });
  if (!results) throw notFound();
  const { contest } = results;
  return {
    contest: {
      slug: contest.slug,
      title: contest.title,
      resultsAt: formatDateTime(contest.resultsAt, contest.timeZone),
    },
    published: results.published,
    preview,
    awards: results.awards.map(publicAward),
    // A contest with divisions: the winners of each division under its name, in division order
    // (docs/decisions/0032-divisions-and-rounds.md). Without divisions: one group, no heading.
    groups: results.groups.map((g) => ({
      division: g.division,
      awards: g.awards.map(publicAward),
    })),
  };
}

function publicAward(a: {
  submissionId: string;
  kind: "place" | "honourable";
  place: number | null;
  title: string;
  writer: string | null;
  text: string | null;
}) {
  return {
    id: a.submissionId,
    label: awardLabel(a),
    kind: a.kind,
    title: a.title,
    writer: a.writer,
    text: a.text,
  };
}

export default function ContestResults() {
  const { contest, published, preview, awards, groups } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <p className="text-base">
        <Link to={`/contests/${contest.slug}`} className="text-ink-700 underline">
          ← {contest.title}
        </Link>
      </p>
      <h1 className="mt-2 break-words font-serif text-3xl font-bold">Results: {contest.title}</h1>
      {preview && !published ? (
        <Alert variant="warning" className="mt-6" title="Preview for admins">
          Visitors do not see this yet: it is the page as it will look on {contest.resultsAt}.
        </Alert>
      ) : null}
      {!published && !preview ? (
        <Alert variant="info" className="mt-6" title="Results are not out yet">
          The winners will be announced here on {contest.resultsAt}.
        </Alert>
      ) : awards.length === 0 ? (
        <p className="mt-6 text-base text-slate-700">No awards were given in this contest.</p>
      ) : (
        <div className="mt-6 space-y-8">
          {groups.map((g) => (
            <section
              key={g.division ?? ""}
              aria-label={g.division ?? undefined}
              className="space-y-4"
            >
              {g.division ? (
                <h2 className="break-words font-serif text-2xl font-bold">{g.division}</h2>
              ) : null}
              <AwardList awards={g.awards} division={g.division} />
            </section>
          ))}
        </div>
      )}
    </div>
  );
}

type PublicAward = ReturnType<typeof publicAward>;

function AwardList({ awards, division }: { awards: PublicAward[]; division: string | null }) {
  return (
    <ol
      className="space-y-4"
      aria-label={
        division
          ? `Winners and honourable mentions, ${division}`
          : "Winners and honourable mentions"
      }
    >
      {awards.map((a) => (
        <li key={a.id}>
          <Card>
            <CardHeader>
              <Badge variant={a.kind === "place" ? "default" : "secondary"}>{a.label}</Badge>
              <CardTitle className="mt-2 break-words">{a.title}</CardTitle>
              <p className="break-words text-base text-slate-700">
                {a.writer ? (
                  <>
                    by <bdi>{a.writer}</bdi>
                  </>
                ) : (
                  "Anonymous writer"
                )}
              </p>
            </CardHeader>
            {a.text ? (
              <CardContent>
                <details>
                  <summary className="cursor-pointer font-medium text-ink-700">
                    Read the story
                  </summary>
                  <div className="mt-3 whitespace-pre-wrap break-words font-serif text-base leading-relaxed">
                    {a.text}
                  </div>
                </details>
              </CardContent>
            ) : null}
          </Card>
        </li>
      ))}
    </ol>
  );
}
