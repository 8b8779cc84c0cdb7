import { parseWithZod } from "@conform-to/zod";
import type { SubmissionResult } from "@conform-to/react";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import {
  Form,
  Link,
  useActionData,
  useFetcher,
  useLoaderData,
  useNavigation,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button, buttonClass } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { ErrorList, inputClass } from "~/components/ui/field";
import { requireJudge } from "~/features/accounts/auth.server";
import { formatDateTime } from "~/utils/dates";
import { loadReview, saveScore, scoringContext } from "~/features/judging/review.server";
import { redirectWithToast } from "~/utils/toast.server";
import { BUSY_MESSAGE, isDatabaseBusy, withBusyRetry } from "~/utils/db.server";
import {
  AUTOSAVE_DELAY_MS,
  COMMENT_MAX,
  criteriaNeedingComment,
  formatScore,
  parseScoreValue,
  scoreFormSchema,
  weightedTotal,
} from "~/features/judging/scoring";
import { readForm } from "~/utils/form-body.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Review: ${data.submission.title} · Inkwell` : "Review · Inkwell" },
];

const notFound = () => new Response("Not found", { status: 404 });

/** 404 unless this entry is assigned to the judge asking; no entrant identity while anonymous. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireJudge(request);
  const review = await loadReview(user.id, params.submissionId ?? "");
  if (!review) throw notFound();
  const { contest } = review;
  return {
    ...review,
    contest: {
      title: contest.title,
      open: contest.open,
      opens: formatDateTime(contest.judgingOpen, contest.timeZone),
      closes: formatDateTime(contest.judgingClose, contest.timeZone),
      notYet: !contest.open && new Date(contest.judgingOpen).getTime() > Date.now(),
    },
    score: review.score ? { ...review.score, updatedAt: undefined } : null,
  };
}

type ActionData = {
  intent: "autosave" | "submit";
  result: SubmissionResult<string[]>;
  saved?: { total: number; submitted: boolean };
};

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireJudge(request);
  const submissionId = params.submissionId ?? "";
  const ctx = await scoringContext(user.id, submissionId);
  if (!ctx) throw notFound();
  const formData = await readForm(request);
  const intent = formData.get("intent") === "submit" ? "submit" : "autosave";
  const schema = scoreFormSchema(ctx.criteria, { alreadySubmitted: ctx.alreadySubmitted });
  const submission = parseWithZod(formData, { schema });

  if (!ctx.rubricId) {
    return data<ActionData>(
      { intent, result: submission.reply({ formErrors: ["Missing data"] }) },
      { status: 400 },
    );
  }
  if (!ctx.open) {
    return data<ActionData>(
      { intent, result: submission.reply({ formErrors: ["Scoring is closed for this contest."] }) },
      { status: 403 },
    );
  }
  if (submission.status !== "success") {
    return data<ActionData>({ intent, result: submission.reply() }, { status: 400 });
  }
  const final = submission.value.intent === "submit";
  const { rubricId, assignmentId } = ctx;
  let saved;
  try {
    saved = await withBusyRetry(() =>
      saveScore({
        judgeId: user.id,
        submissionId,
        assignmentId,
        rubricId,
        criteria: ctx.criteria,
        scores: submission.value.scores as Record<string, number>,
        comment: submission.value.comment,
        final,
      }),
    );
  } catch (error) {
    if (!isDatabaseBusy(error)) throw error;
    // Nothing was saved; the form comes back with the scores and comment as typed.
    return data<ActionData>(
      { intent, result: submission.reply({ formErrors: [BUSY_MESSAGE] }) },
      { status: 503 },
    );
  }
  if (final) {
    return redirectWithToast("/judge", { type: "success", title: "Score saved" });
  }
  return data<ActionData>({
    intent,
    result: submission.reply(),
    saved: { total: saved.total, submitted: Boolean(saved.submittedAt) },
  });
}

/** Autosaves do not need the page's data again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formData,
  defaultShouldRevalidate,
}) =>
  formData?.get("intent") === "autosave" && formData?.get("source") === "autosave"
    ? false
    : defaultShouldRevalidate;

type SaveState = "idle" | "dirty" | "saving" | "saved" | "error";

export default function ReviewSubmission() {
  const { submission, author, contest, rubric, score } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const fetcher = useFetcher<ActionData>();
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [live, setLive] = useState<number | null>(null);
  const [dirty, setDirty] = useState(false);

  const criteria = rubric?.criteria ?? [];
  const disabled = !contest.open || criteria.length === 0;
  const autosaveResult = fetcher.data;
  const errors =
    (fetcher.state === "idle" && autosaveResult?.result.error) || actionData?.result.error || {};
  const formErrors =
    (fetcher.state === "idle" && autosaveResult?.result.error?.[""]) ||
    actionData?.result.error?.[""] ||
    [];
  const needsComment = criteriaNeedingComment(criteria).length > 0;
  // After a refused post (without JavaScript the page is rendered again), show what was typed.
  const typed = actionData?.result.initialValue as
    { scores?: Record<string, unknown>; comment?: unknown } | undefined;
  const typedScore = (key: string) => {
    const v = typed?.scores?.[key];
    return typeof v === "string" ? v : undefined;
  };

  const saveState: SaveState =
    fetcher.state !== "idle"
      ? "saving"
      : dirty
        ? "dirty"
        : autosaveResult
          ? autosaveResult.saved
            ? "saved"
            : "error"
          : actionData?.intent === "autosave"
            ? actionData.saved
              ? "saved"
              : "error"
            : "idle";
  const serverTotal = fetcher.data?.saved?.total ?? actionData?.saved?.total ?? score?.total ?? 0;
  const shownTotal = live ?? serverTotal;

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  function recompute(form: HTMLFormElement) {
    const fd = new FormData(form);
    const values = Object.fromEntries(
      criteria.map((c) => [c.key, parseScoreValue(fd.get(`scores.${c.key}`))]),
    );
    setLive(weightedTotal(criteria, values));
  }

  function onChange(e: React.FormEvent<HTMLFormElement>) {
    if (disabled) return;
    const form = e.currentTarget;
    recompute(form);
    setDirty(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      const fd = new FormData(form);
      fd.set("intent", "autosave");
      fd.set("source", "autosave");
      setDirty(false);
      fetcher.submit(fd, { method: "post" });
    }, AUTOSAVE_DELAY_MS);
  }

  const submitting =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "submit";

  return (
    <div className="space-y-6">
      <div>
        <Link to="/judge" className="text-sm text-ink-700 underline">
          ← Your Review Queue
        </Link>
        <h1 className="mt-2 font-serif text-3xl font-bold">{submission.title}</h1>
        <p className="mt-1 text-slate-600">
          {contest.title} · {submission.wordCount} words{author ? ` · By ${author}` : ""}
        </p>
        <div className="mt-2">
          {score?.submitted ? (
            <Badge variant="success">Scored</Badge>
          ) : (
            <Badge variant="secondary">Pending</Badge>
          )}
        </div>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Submission</CardTitle>
        </CardHeader>
        <CardContent>
          {submission.body ? (
            <div
              className="max-h-[32rem] overflow-y-auto whitespace-pre-wrap font-serif leading-relaxed"
              data-testid="submission-text"
            >
              {submission.body}
            </div>
          ) : null}
          {submission.file ? (
            <p className={submission.body ? "mt-4" : ""}>
              <a
                href={`/judge/review/${submission.id}/file`}
                className={buttonClass({ variant: "outline" })}
              >
                {`Download ${submission.file.name}`}
              </a>
            </p>
          ) : null}
          {!submission.body && !submission.file ? (
            <p className="text-slate-600">No content available</p>
          ) : null}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Score{rubric ? `: ${rubric.name}` : ""}</CardTitle>
          {contest.open ? (
            <p className="text-sm text-slate-600">Scoring is open until {contest.closes}.</p>
          ) : null}
        </CardHeader>
        <CardContent>
          {!contest.open ? (
            <Alert variant="warning" className="mb-4" title="Scoring is closed for this contest.">
              {contest.notYet
                ? `Judging opens on ${contest.opens}.`
                : `Judging closed on ${contest.closes}.`}
            </Alert>
          ) : null}
          {criteria.length === 0 ? (
            <Alert variant="warning" className="mb-4" title="Missing data">
              This contest has no scoring rubric yet, so the entry cannot be scored. Please tell an
              admin.
            </Alert>
          ) : null}
          {formErrors.length ? (
            <Alert variant="destructive" className="mb-4" title="Error">
              {formErrors.join(" ")}
            </Alert>
          ) : null}
          <Form
            method="post"
            ref={formRef}
            onChange={onChange}
            onSubmit={() => {
              if (timer.current) clearTimeout(timer.current);
              timer.current = null;
              setDirty(false);
            }}
            className="space-y-5"
          >
            <fieldset disabled={disabled} className="space-y-5">
              <legend className="sr-only">Rubric scores</legend>
              {criteria.map((c) => {
                const id = `score-${c.key}`;
                const fieldErrors = errors[`scores.${c.key}`];
                const hintId = `${id}-hint`;
                const errorId = fieldErrors?.length ? `${id}-error` : undefined;
                return (
                  <div key={c.key} className="space-y-1">
                    <label htmlFor={id} className="block text-sm font-medium text-slate-800">
                      {c.label}
                    </label>
                    <div className="flex items-center gap-3">
                      <input
                        id={id}
                        name={`scores.${c.key}`}
                        type="number"
                        inputMode="decimal"
                        min={0}
                        max={c.maxPoints}
                        step={0.5}
                        defaultValue={typedScore(c.key) ?? score?.scores[c.key] ?? ""}
                        className={`${inputClass} max-w-32`}
                        aria-invalid={errorId ? true : undefined}
                        aria-describedby={[hintId, errorId].filter(Boolean).join(" ")}
                      />
                      <span className="text-sm text-slate-600">/ {c.maxPoints}</span>
                    </div>
                    <p id={hintId} className="text-sm text-slate-600">
                      Weight {Math.round(c.weight * 100)}%
                      {c.description ? ` · ${c.description}` : ""}
                      {c.requireComment ? " · Comment required" : ""}
                    </p>
                    <ErrorList id={errorId} errors={fieldErrors} />
                  </div>
                );
              })}
              <div className="space-y-1">
                <label htmlFor="score-comment" className="block text-sm font-medium text-slate-800">
                  Comments{needsComment ? " (required)" : " (optional)"}
                </label>
                <textarea
                  id="score-comment"
                  name="comment"
                  rows={6}
                  maxLength={COMMENT_MAX}
                  defaultValue={
                    typeof typed?.comment === "string" ? typed.comment : (score?.comment ?? "")
                  }
                  className={inputClass}
                  aria-invalid={errors.comment?.length ? true : undefined}
                  aria-describedby={[
                    "score-comment-hint",
                    errors.comment?.length ? "score-comment-error" : "",
                  ]
                    .filter(Boolean)
                    .join(" ")}
                />
                <p id="score-comment-hint" className="text-sm text-slate-600">
                  Feedback for the writer, up to {COMMENT_MAX} characters.
                </p>
                <ErrorList id="score-comment-error" errors={errors.comment} />
              </div>
            </fieldset>

            <div className="flex flex-wrap items-center justify-between gap-4 rounded-md bg-slate-50 p-4">
              <p className="text-lg">
                Weighted total:{" "}
                <output data-testid="weighted-total">{formatScore(shownTotal)}</output>
              </p>
              <p
                role="status"
                aria-live="polite"
                className="text-sm text-slate-700"
                data-testid="save-state"
              >
                {saveState === "saving"
                  ? "Saving…"
                  : saveState === "saved"
                    ? "Saved"
                    : saveState === "dirty"
                      ? "Unsaved changes"
                      : saveState === "error"
                        ? "Not saved: please check the highlighted fields"
                        : ""}
              </p>
            </div>

            <div className="flex flex-wrap gap-3">
              <Button type="submit" name="intent" value="submit" disabled={disabled || submitting}>
                {submitting ? "Saving…" : "Submit Score"}
              </Button>
              <Button
                type="submit"
                name="intent"
                value="autosave"
                variant="secondary"
                disabled={disabled}
              >
                Save Draft
              </Button>
              <Link to="/judge" className={buttonClass({ variant: "outline" })}>
                Cancel
              </Link>
            </div>
          </Form>
        </CardContent>
      </Card>
    </div>
  );
}
