import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { EmptyState } from "~/components/ui/data-table";
import { Pager } from "~/components/ui/pager";
import { pageCount, pageParam } from "~/utils/paging";
import { Badge } from "~/components/ui/badge";
import { ButtonLink } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { requireJudge } from "~/features/accounts/auth.server";
import { formatDateTime } from "~/utils/dates";
import { judgeQueue, QUEUE_PAGE_SIZE } from "~/features/judging/review.server";
import { formatScore } from "~/features/judging/scoring";

export const meta: MetaFunction = () => [{ title: "Your Review Queue · Inkwell" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireJudge(request);
  const page = pageParam(request.url);
  const { items, total } = await judgeQueue(user.id, page);
  return {
    page,
    total,
    pages: pageCount(total, QUEUE_PAGE_SIZE),
    items: items.map((i) => ({
      submissionId: i.submissionId,
      title: i.title,
      wordCount: i.wordCount,
      contestTitle: i.contestTitle,
      due: formatDateTime(i.judgingClose, i.timeZone),
      scored: i.scored,
      total: i.total,
    })),
  };
}

export default function ReviewQueue() {
  const { items, total, page, pages } = useLoaderData<typeof loader>();
  return (
    <div>
      <h1 className="font-serif text-3xl font-bold">Your Review Queue</h1>
      <p className="mt-2 text-slate-600">
        Entries are anonymous: you see the story, never who wrote it.{" "}
        {total > 0 ? `${total} assigned to you.` : null}
      </p>
      {items.length === 0 ? (
        <EmptyState className="mt-8 p-8">No assignments yet</EmptyState>
      ) : (
        <ul className="mt-6 space-y-3">
          {items.map((item) => (
            <li key={item.submissionId}>
              <Card>
                <CardContent className="flex flex-wrap items-center justify-between gap-4 pt-5">
                  <div>
                    <h2 className="text-lg font-semibold">{item.title}</h2>
                    <p className="text-sm text-slate-600">{item.contestTitle}</p>
                    <p className="mt-1 text-sm text-slate-600">
                      {item.wordCount} words · Due {item.due}
                    </p>
                  </div>
                  <div className="flex items-center gap-3">
                    {item.scored ? (
                      <Badge variant="success">
                        Scored{item.total !== null ? ` · ${formatScore(item.total)}` : ""}
                      </Badge>
                    ) : (
                      <Badge variant="secondary">Pending</Badge>
                    )}
                    <ButtonLink
                      to={`/judge/review/${item.submissionId}`}
                      variant={item.scored ? "outline" : "default"}
                      aria-label={`${item.scored ? "View Score" : "Review Submission"}: ${item.title}`}
                    >
                      {item.scored ? "View Score" : "Review Submission"}
                    </ButtonLink>
                  </div>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pageCount={pages} label="Review queue" />
    </div>
  );
}
