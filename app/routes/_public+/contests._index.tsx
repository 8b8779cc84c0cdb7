import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Pager } from "~/components/ui/pager";
import { pageParam } from "~/utils/paging";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { ButtonLink } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { formatDateTime, formatFee } from "~/utils/dates";
import { PHASE_BADGE, PHASE_LABEL, publicPhase } from "~/features/contests/phase";
import { resultsOut } from "~/features/contests/results-release";
import { listPublishedContests } from "~/features/contests/public-contests.server";

export const meta: MetaFunction = () => [{ title: "Writing Contests · Inkwell" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const page = pageParam(new URL(request.url));
  try {
    const { contests, pageCount } = await listPublishedContests(page);
    const now = new Date();
    return {
      error: false as const,
      page,
      pageCount,
      contests: contests.map((c) => ({
        slug: c.slug,
        title: c.title,
        description: c.description,
        phase: publicPhase(c, now),
        opens: formatDateTime(c.submissionsOpen, c.timeZone),
        closes: formatDateTime(c.submissionsClose, c.timeZone),
        wordMin: c.wordMin,
        wordMax: c.wordMax,
        fee: formatFee(c.entryFeeCents),
        resultsOut: resultsOut(c, now),
      })),
    };
  } catch (error) {
    console.error("loading contests failed", error);
    return { error: true as const, page, pageCount: 1, contests: [] };
  }
}

export default function ContestsPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="font-serif text-3xl font-bold">Writing Contests</h1>
      <p className="mt-2 text-slate-600">
        Find a contest, read its prompts and rules, and send us your story.
      </p>
      {data.error ? (
        <Alert variant="destructive" className="mt-8" title="Error">
          Error loading contests. Please try again later.
        </Alert>
      ) : data.contests.length === 0 ? (
        <Card className="mt-8">
          <CardContent className="py-12 text-center">
            <h2 className="text-xl font-semibold">No Active Contests</h2>
            <p className="mt-2 text-slate-600">
              There are no published contests at the moment. Check back soon!
            </p>
          </CardContent>
        </Card>
      ) : (
        <ul className="mt-8 grid gap-6 md:grid-cols-2">
          {data.contests.map((c) => (
            <li key={c.slug}>
              <Card className="flex h-full flex-col">
                <CardHeader>
                  {/* The badge wraps under the title when both do not fit side by side, so a
                      phone never squeezes the title into a narrow column
                      (docs/decisions/0027-narrow-screens.md). */}
                  <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
                    <CardTitle className="min-w-0 flex-[1_1_14rem]">{c.title}</CardTitle>
                    <Badge variant={PHASE_BADGE[c.phase]} className="shrink-0">
                      {PHASE_LABEL[c.phase]}
                    </Badge>
                  </div>
                </CardHeader>
                <CardContent className="flex flex-1 flex-col">
                  <p className="text-slate-700">{c.description}</p>
                  <dl className="mt-4 space-y-1 text-sm text-slate-700">
                    <div>
                      <dt className="inline font-medium">Submissions: </dt>
                      <dd className="inline">
                        {c.opens} – {c.closes}
                      </dd>
                    </div>
                    <div>
                      <dt className="inline font-medium">Word count: </dt>
                      <dd className="inline">
                        {c.wordMin}–{c.wordMax} words
                      </dd>
                    </div>
                    <div>
                      <dt className="inline font-medium">Entry fee: </dt>
                      <dd className="inline">{c.fee}</dd>
                    </div>
                  </dl>
                  <div className="mt-auto flex flex-wrap gap-2 pt-5">
                    <ButtonLink
                      to={`/contests/${c.slug}`}
                      variant="outline"
                      aria-label={`View Details: ${c.title}`}
                    >
                      View Details
                    </ButtonLink>
                    {c.phase === "open" ? (
                      <ButtonLink
                        to={`/contests/${c.slug}/enter`}
                        aria-label={`Submit Entry: ${c.title}`}
                      >
                        Submit Entry
                      </ButtonLink>
                    ) : null}
                    {c.resultsOut ? (
                      <ButtonLink
                        to={`/contests/${c.slug}/results`}
                        aria-label={`Results: ${c.title}`}
                      >
                        Results
                      </ButtonLink>
                    ) : null}
                  </div>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <Pager page={data.page} pageCount={data.pageCount} label="Contest pages" />
    </div>
  );
}
