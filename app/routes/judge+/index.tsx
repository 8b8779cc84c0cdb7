import { parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PanelAnswerForm } from "~/components/panel/panel-answer-form";
import { workWithSchools } from "~/features/panel/declarations";
import {
  answerPanel,
  judgeDeclarations,
  judgePanelContests,
} from "~/features/panel/panel-invitation.server";
import { answerSchema } from "~/features/panel/panel-schema";
import { answerRefusal } from "~/utils/action.server";
import { readForm } from "~/utils/form-body.server";
import { redirectWithToast } from "~/utils/toast.server";
import { formatDate } from "~/utils/dates";
import { EmptyState } from "~/components/ui/data-table";
import { Pager } from "~/components/ui/pager";
import { pageCount, pageParam } from "~/utils/paging";
import { badgeClass } from "~/components/ui/badge";
import { ButtonLink, buttonClass } from "~/components/ui/button";
import { listLinkProps, useListLinkClicks } from "~/components/ui/list-links";
import { Card, CardContent, CARD_CLASS } from "~/components/ui/card";
import { requireJudge } from "~/features/accounts/auth.server";
import { formatDateTime } from "~/utils/dates";
import { judgeQueue, QUEUE_PAGE_SIZE } from "~/features/judging/review.server";
import { formatScore } from "~/features/judging/scoring";

export const meta: MetaFunction = () => [{ title: "Your Review Queue · Inkwell" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireJudge(request);
  const page = pageParam(request.url);
  const [{ items, total, left }, { invitations, comparing }] = await Promise.all([
    judgeQueue(user.id, page),
    judgePanelContests(user.id),
  ]);
  return {
    // Contests with a comparison round for this judge (docs/decisions/0056-comparison-rounds.md).
    comparing: comparing.map((c) => ({ contestId: c.id, title: c.title })),
    invitations: invitations.map((c) => ({
      contestId: c.id,
      title: c.title,
      judging: `${formatDate(c.judgingOpen, c.timeZone)} to ${formatDate(c.judgingClose, c.timeZone)}`,
    })),
    declarations: invitations.length
      ? await judgeDeclarations(user.id)
      : { ownSchool: "", workWith: "" },
    page,
    total,
    left,
    pages: pageCount(total, QUEUE_PAGE_SIZE),
    // Each card's lines as the page shows them: fewer values in the page data (ADR 0085).
    items: items.map((i) => ({
      submissionId: i.submissionId,
      title: i.title,
      // In a contest of rounds, each assignment says its round (ADR 0045).
      contest: i.roundName
        ? `${i.contestTitle} · Round ${i.round} (${i.roundName})`
        : i.contestTitle,
      line: `${i.wordCount} words · Due ${formatDateTime(i.judgingClose, i.timeZone)}`,
      draft: i.draft,
      /** The scored badge's text; null while pending. */
      score: i.scored ? scoredText(i.total, i.maxTotal) : null,
    })),
  };
}

/**
 * Answers a panel invitation from the queue page: the session proves who the judge is, so no link
 * is needed (docs/decisions/0033-judging-panel.md).
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireJudge(request);
  const submission = parseWithZod(await readForm(request), { schema: answerSchema(false) });
  const formId = `answer-${String(submission.payload.contestId ?? "")}`;
  if (submission.status !== "success")
    return data({ formId, result: submission.reply() }, { status: 400 });
  const v = submission.value;
  try {
    await answerPanel(v.contestId ?? "", user.id, v.intent === "accept", {
      ownSchool: v.ownSchool ?? "",
      workWith: workWithSchools(v.workWith ?? "", v.ownSchool ?? ""),
    });
  } catch (error) {
    return answerRefusal(error, { reply: submission, extra: { formId } });
  }
  return redirectWithToast("/judge", {
    type: "success",
    title: v.intent === "accept" ? "Welcome to the panel" : "Invitation declined",
  });
}

function Invitations() {
  const { invitations, declarations } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (invitations.length === 0) return null;
  return (
    <section aria-labelledby="panel-invitations" className="mt-6 space-y-3">
      <h2 id="panel-invitations" className="text-xl font-semibold">
        Invitations to judge
      </h2>
      {invitations.map((inv) => (
        <Card key={inv.contestId}>
          <CardContent className="space-y-3 pt-5">
            <h3 className="text-lg font-semibold">{inv.title}</h3>
            <p className="text-sm text-slate-700">Judging runs from {inv.judging}.</p>
            <PanelAnswerForm
              formId={`answer-${inv.contestId}`}
              contestId={inv.contestId}
              contestTitle={inv.title}
              defaults={declarations}
              lastResult={
                actionData?.formId === `answer-${inv.contestId}` ? actionData.result : undefined
              }
            />
          </CardContent>
        </Card>
      ))}
    </section>
  );
}

function Comparing() {
  const { comparing } = useLoaderData<typeof loader>();
  if (comparing.length === 0) return null;
  return (
    <section aria-labelledby="comparing-heading" className="mt-6 space-y-3">
      <h2 id="comparing-heading" className="text-xl font-semibold">
        Compare entries
      </h2>
      <ul className="space-y-3">
        {comparing.map((c) => (
          <li key={c.contestId}>
            <Card>
              <CardContent className="flex flex-wrap items-center justify-between gap-4 pt-5">
                <p className="min-w-0 text-lg font-semibold break-words">
                  <bdi>{c.title}</bdi>
                </p>
                <ButtonLink
                  to={`/judge/compare/${c.contestId}`}
                  aria-label={`Compare entries: ${c.title}`}
                >
                  Compare entries
                </ButtonLink>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}

// Each card's link is a plain anchor followed by the list's one click handler: 25 `<Link>`s cost
// about a twentieth of the request's CPU (docs/decisions/0081-judge-queue-cpu.md). Each card is
// its list item, its badges plain spans and each line one text: the same look in fewer elements,
// text nodes and components (docs/decisions/0085-queue-render.md).
const defaultButton = buttonClass({ variant: "default" });
const outlineButton = buttonClass({ variant: "outline" });
const cardRow = `${CARD_CLASS} flex flex-wrap items-center justify-between gap-4 p-5`;
const successBadge = badgeClass("success");
const outlineBadge = badgeClass("outline");
const secondaryBadge = badgeClass("secondary");

/** "Scored", with the total out of the rubric's maximum when known: "Scored · 7.25 / 10.00". */
function scoredText(total: number | null, maxTotal: number | null) {
  if (total === null) return "Scored";
  const max = maxTotal !== null ? ` / ${formatScore(maxTotal)}` : "";
  return `Scored · ${formatScore(total)}${max}`;
}

export default function ReviewQueue() {
  const { items, total, left, page, pages } = useLoaderData<typeof loader>();
  const onLinkClick = useListLinkClicks();
  return (
    <div>
      <h1 className="font-serif text-3xl font-bold">Your Review Queue</h1>
      <Invitations />
      <Comparing />
      <p className="mt-2 text-slate-600">
        Entries are anonymous: you see the story, never who wrote it.{" "}
        {total > 0 ? `${total} assigned to you.` : null}
      </p>
      {total > 0 ? (
        <p className="mt-2 text-lg font-semibold" data-testid="queue-left">
          {left === 0 ? "All scored: nothing left" : `${left} left`}
        </p>
      ) : null}
      {items.length === 0 ? (
        <EmptyState className="mt-8 p-8">No assignments yet</EmptyState>
      ) : (
        <ul className="mt-6 space-y-3" onClick={onLinkClick}>
          {items.map((item) => (
            <li key={item.submissionId} className={cardRow}>
              <div>
                <h2 className="text-lg font-semibold">{item.title}</h2>
                <p className="text-sm text-slate-600">{item.contest}</p>
                <p className="mt-1 text-sm text-slate-600">{item.line}</p>
              </div>
              <div className="flex items-center gap-3">
                {item.score !== null ? (
                  <>
                    <span className={successBadge}>{item.score}</span>
                    {item.draft ? <span className={outlineBadge}>Unsubmitted changes</span> : null}
                  </>
                ) : (
                  <span className={secondaryBadge}>
                    {item.draft ? "Pending · draft saved" : "Pending"}
                  </span>
                )}
                <a
                  className={item.score !== null ? outlineButton : defaultButton}
                  aria-label={`${item.score !== null ? "View Score" : "Review Submission"}: ${item.title}`}
                  {...listLinkProps(`/judge/review/${item.submissionId}`)}
                >
                  {item.score !== null ? "View Score" : "Review Submission"}
                </a>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pageCount={pages} label="Review queue" />
    </div>
  );
}
