import { parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import {
  Form,
  Link,
  useLoaderData,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { z } from "zod";
import { ScoreCard, type ScoreActionData } from "~/components/judging/score-card";
import { EntryNotes } from "~/components/judging/entry-notes";
import { notesForReview } from "~/features/judging/notes.server";
import { noteAction } from "../entry-notes.server";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { EntryText } from "~/components/reading/entry-text";
import { JudgingGuidelines, ReadingStatus, RemovedNote } from "~/components/reading/reading-notes";
import {
  ContinueReading,
  READING_SIZE_ACTION,
  TextSizeForm,
  useReadingSize,
} from "~/components/reading/reading-tools";
import { readingSizeOf } from "~/features/judging/reading-size.server";
import type { loader as rootLoader } from "~/root";
import { inputClass } from "~/components/ui/field";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { requireJudge } from "~/features/accounts/auth.server";
import { loadReview, nextPendingEntry, scoringContext } from "~/features/judging/review.server";
import { recuse } from "~/features/assignment/recusal.server";
import { RECUSAL_REASONS, type RecusalReason } from "~/features/panel/panel-rules";
import { answerRefusal } from "~/utils/action.server";
import { writeScoreForm } from "~/features/judging/score-form.server";
import { scoreFormSchema, type ScoreIntent } from "~/features/judging/scoring";
import { formatDateTime } from "~/utils/dates";
import { notFound } from "~/utils/responses";
import { readForm } from "~/utils/form-body.server";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Review: ${data.submission.title} · Inkwell` : "Review · Inkwell" },
];

/** 404 unless this entry is assigned to the judge asking; no entrant identity while anonymous. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireJudge(request);
  const review = await loadReview(user.id, params.submissionId ?? "");
  if (!review) throw notFound();
  const { contest, submitted, draft, results, ...rest } = review;
  // The entry's discussion: other judges by letter only (docs/decisions/0033-judging-panel.md);
  // the judge's live assignment and the results dates were read with the entry (ADR 0072).
  const [discussion, readingSize] = await Promise.all([
    notesForReview(user.id, review.submission.id, results),
    readingSizeOf(request),
  ]);
  return {
    ...rest,
    readingSize,
    discussion: {
      open: discussion.open,
      notes: discussion.notes.map((n) => ({
        id: n.id,
        author: n.author,
        body: n.body,
        when: formatDateTime(n.createdAt, contest.timeZone),
      })),
    },
    contest: {
      title: contest.title,
      open: contest.open,
      opens: formatDateTime(contest.judgingOpen, contest.timeZone),
      closes: formatDateTime(contest.judgingClose, contest.timeZone),
      notYet: !contest.open && new Date(contest.judgingOpen).getTime() > Date.now(),
    },
    submitted: submitted
      ? { scores: submitted.scores, comment: submitted.comment, total: submitted.total }
      : null,
    draft: draft ? { scores: draft.scores, comment: draft.comment, total: draft.total } : null,
    /** Changes with the entry and when its score or draft is replaced (submit, discard): the form starts afresh. */
    formKey: `${review.submission.id}:${submitted?.submittedAt.toISOString() ?? "none"}:${draft ? "draft" : "clean"}`,
  };
}

const INTENTS: ScoreIntent[] = ["autosave", "discard", "submit", "submit-next"];

const REASONS = Object.keys(RECUSAL_REASONS) as [RecusalReason, ...RecusalReason[]];
const recuseSchema = z.object({
  intent: z.literal("recuse"),
  reason: z.enum(REASONS, { errorMap: () => ({ message: "Choose why you are stepping back" }) }),
});

/**
 * "Step back from this entry" (docs/decisions/0033-judging-panel.md): the assignment goes, the
 * recusal is kept, another panel judge takes the entry; the judge goes back to the queue.
 */
async function recuseAction(judgeId: string, submissionId: string, formData: FormData) {
  const here = `/judge/review/${submissionId}`;
  const submission = parseWithZod(formData, { schema: recuseSchema });
  if (submission.status !== "success")
    return redirectWithToast(here, {
      type: "error",
      title: "Choose why you are stepping back",
    });
  try {
    const done = await recuse(judgeId, submissionId, submission.value.reason);
    if (!done) throw notFound();
  } catch (error) {
    return answerRefusal(error, { redirectTo: here });
  }
  return redirectWithToast("/judge", {
    type: "success",
    title: "You have stepped back from this entry",
    description: "Another judge will read it. Thank you for telling us.",
  });
}

/**
 * Drafts (autosave, Save Draft) never touch the submitted score; Submit Score and Save and next
 * need every criterion; Discard drops the draft. A conform validation post (status undefined)
 * and a refused post only answer, never write. See docs/decisions/0015-score-drafts-and-history.md.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireJudge(request);
  const submissionId = params.submissionId ?? "";
  const ctx = await scoringContext(user.id, submissionId);
  if (!ctx) throw notFound();
  const formData = await readForm(request);
  if (formData.get("intent") === "recuse") return recuseAction(user.id, submissionId, formData);
  if (formData.get("intent") === "note")
    return noteAction(formData, {
      submissionId,
      authorId: user.id,
      role: "judge",
      here: `/judge/review/${submissionId}`,
    });
  const submission = parseWithZod(formData, { schema: scoreFormSchema(ctx.criteria) });
  const posted = formData.get("intent");
  const intent = INTENTS.find((i) => i === posted) ?? null;

  if (!ctx.rubricId) {
    return data<ScoreActionData>(
      { intent, result: submission.reply({ formErrors: ["Missing data"] }) },
      { status: 400 },
    );
  }
  if (!ctx.open) {
    return data<ScoreActionData>(
      { intent, result: submission.reply({ formErrors: ["Scoring is closed for this contest."] }) },
      { status: 403 },
    );
  }
  if (submission.status !== "success") {
    return data<ScoreActionData>(
      { intent, result: submission.reply() },
      { status: submission.status === "error" ? 400 : 200 },
    );
  }
  const value = submission.value;
  const here = `/judge/review/${submissionId}`;
  const rubricId = ctx.rubricId;
  // A busy database gets a short wait, then a clear answer (docs/decisions/0010-hardening.md).
  const { busy, refused, saved } = await writeScoreForm(value, {
    assignmentId: ctx.assignmentId,
    criteria: ctx.criteria,
    judgeId: user.id,
    submissionId,
    rubricId,
  });
  if (refused) {
    return data<ScoreActionData>(
      { intent, result: submission.reply({ formErrors: [refused] }) },
      { status: 400 },
    );
  }
  if (busy) {
    // Nothing was saved; the form comes back with the scores and comment as typed.
    return data<ScoreActionData>(
      { intent, result: submission.reply({ formErrors: [busy] }) },
      { status: 503 },
    );
  }
  if (value.intent === "discard") {
    return redirectWithToast(here, { type: "success", title: "Changes discarded" });
  }
  if (value.intent === "autosave") {
    return data<ScoreActionData>({ intent, result: submission.reply(), saved: saved! });
  }
  const next =
    value.intent === "submit-next" ? await nextPendingEntry(user.id, submissionId) : null;
  if (value.intent === "submit-next" && !next) {
    return redirectWithToast("/judge", {
      type: "success",
      title: "Score saved",
      description: "That was the last entry waiting for your score.",
    });
  }
  return redirectWithToast(next ? `/judge/review/${next}` : "/judge", {
    type: "success",
    title: "Score saved",
  });
}

/** Draft saves (autosave, Save Draft with JavaScript) and refused posts keep the page's data. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formAction,
  formData,
  actionResult,
  defaultShouldRevalidate,
}) => {
  if (formData?.get("source") === "autosave") return false;
  // The text size changes in place (docs/decisions/0034-reading-desk.md): nothing to reload.
  if (formAction === READING_SIZE_ACTION) return false;
  const answer = actionResult as ScoreActionData | undefined;
  if (answer?.result?.error) return false;
  return defaultShouldRevalidate;
};

export default function ReviewSubmission() {
  const {
    submission,
    reading,
    guidelines,
    readingSize,
    author,
    contest,
    rubric,
    submitted,
    draft,
    formKey,
    discussion,
  } = useLoaderData<typeof loader>();
  const owner = useRouteLoaderData<typeof rootLoader>("root")?.draftOwner ?? null;
  const size = useReadingSize(readingSize);
  const criteria = rubric?.criteria ?? [];
  const disabled = !contest.open || criteria.length === 0;
  const download = submission.file
    ? { href: `/judge/review/${submission.id}/file`, name: submission.file.name }
    : null;

  return (
    <div className="space-y-6">
      <div>
        <Link to="/judge" className="text-sm text-ink-700 underline">
          ← Your Review Queue
        </Link>
        <h1 className="mt-2 font-serif text-3xl font-bold break-words">{submission.title}</h1>
        <p className="mt-1 text-slate-600">
          {contest.title} · {submission.wordCount} words{author ? ` · By ${author}` : ""}
        </p>
        <div className="mt-2">
          {submitted ? (
            <Badge variant="success">Scored</Badge>
          ) : (
            <Badge variant="secondary">Pending</Badge>
          )}
        </div>
      </div>

      {/* The text beside the score on wide screens (the score stays in view while reading);
          one column on phones and at high zoom (docs/decisions/0034-reading-desk.md). */}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_21rem]">
        <div className="min-w-0 space-y-4">
          <TextSizeForm size={size} />
          <ReadingStatus reading={reading} download={download} />
          {reading.paragraphs.length ? (
            <EntryText
              headingId="entry-text-heading"
              title={submission.title}
              paragraphs={reading.paragraphs}
              size={size}
            >
              <RemovedNote removed={reading.removed} />
              <ContinueReading
                owner={owner}
                submissionId={submission.id}
                count={reading.paragraphs.length}
              />
            </EntryText>
          ) : null}
        </div>

        <div className="min-w-0 space-y-4">
          <JudgingGuidelines
            prompts={guidelines.prompts}
            rules={guidelines.rules}
            criteria={criteria}
          />
          {/* Sticky only where the whole form fits in the window (a wide, tall one). */}
          <section
            aria-labelledby="score-heading"
            className="lg:[@media(min-height:46rem)]:sticky lg:[@media(min-height:46rem)]:top-4"
          >
            <Card>
              <CardHeader>
                <CardTitle as="h2" id="score-heading">
                  Score{rubric ? `: ${rubric.name}` : ""}
                </CardTitle>
                {contest.open ? (
                  <p className="text-sm text-slate-600">Scoring is open until {contest.closes}.</p>
                ) : null}
              </CardHeader>
              <CardContent>
                {!contest.open ? (
                  <Alert
                    variant="warning"
                    className="mb-4"
                    title="Scoring is closed for this contest."
                  >
                    {contest.notYet
                      ? `Judging opens on ${contest.opens}.`
                      : `Judging closed on ${contest.closes}.`}
                  </Alert>
                ) : null}
                {criteria.length === 0 ? (
                  <Alert variant="warning" className="mb-4" title="Missing data">
                    This contest has no scoring rubric yet, so the entry cannot be scored. Please
                    tell an admin.
                  </Alert>
                ) : null}
                <ScoreCard
                  key={formKey}
                  criteria={criteria}
                  disabled={disabled}
                  submitted={submitted}
                  draft={draft}
                />
              </CardContent>
            </Card>
          </section>
        </div>
      </div>

      {contest.open && !submitted ? (
        <Card>
          <CardHeader>
            <CardTitle>Step back from this entry</CardTitle>
            <p className="text-sm text-slate-600">
              If you should not judge this entry, step back. Another judge will read it, and it
              leaves your queue. Your draft for it is deleted.
            </p>
          </CardHeader>
          <CardContent>
            <Form method="post" className="flex flex-wrap items-end gap-3">
              <div>
                <label htmlFor="recuse-reason" className="block text-sm font-medium">
                  Why?
                </label>
                <select
                  id="recuse-reason"
                  name="reason"
                  required
                  defaultValue=""
                  className={inputClass}
                >
                  <option value="" disabled>
                    Choose a reason…
                  </option>
                  {Object.entries(RECUSAL_REASONS).map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </select>
              </div>
              <Button type="submit" name="intent" value="recuse" variant="outline">
                Step back from this entry
              </Button>
            </Form>
          </CardContent>
        </Card>
      ) : null}
      {discussion ? (
        <EntryNotes
          notes={discussion.notes}
          open={discussion.open}
          intro="A short discussion of this entry with the contest admin and its other judges, before the awards. Other judges appear as Judge A, Judge B: nobody sees names."
        />
      ) : null}
    </div>
  );
}
