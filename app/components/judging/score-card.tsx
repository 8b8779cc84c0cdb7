import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useActionData, useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { Alert } from "~/components/ui/alert";
import { Button, buttonClass } from "~/components/ui/button";
import { ErrorList, inputClass } from "~/components/ui/field";
import type { Criterion } from "~/features/contests/rubric";
import {
  AUTOSAVE_DELAY_MS,
  COMMENT_MAX,
  criteriaNeedingComment,
  formatScore,
  parseScoreValue,
  weightedTotal,
  type ScoreIntent,
} from "~/features/judging/scoring";
import { useIsPending } from "~/utils/use-is-pending";

/** What the review action answers when it does not redirect. */
export type ScoreActionData = {
  intent: ScoreIntent | null;
  result: SubmissionResult<string[]>;
  /** A draft was kept: its total, and whether it differs from the submitted score. */
  saved?: { total: number; unsubmitted: boolean };
};

type Values = { scores: Record<string, number>; comment: string; total: number };

type SaveState = "idle" | "dirty" | "saving" | "saved" | "error";

/** Field ids, in the order errors are listed and focus looks for the first invalid one. */
const scoreId = (key: string) => `score-${key}`;
const COMMENT_ID = "score-comment";

/** The values the refused post carried (conform keeps them in `initialValue`), as strings. */
function typedValues(result: SubmissionResult<string[]> | undefined) {
  const v = result?.initialValue as
    { scores?: Record<string, unknown>; comment?: unknown } | null | undefined;
  if (!v) return null;
  const scores = v.scores && typeof v.scores === "object" ? v.scores : {};
  return {
    scores: Object.fromEntries(
      Object.entries(scores).map(([k, x]) => [k, typeof x === "string" ? x : ""]),
    ),
    comment: typeof v.comment === "string" ? v.comment : "",
  };
}

/**
 * The judge's score form (docs/decisions/0015-score-drafts-and-history.md). Autosave and Save
 * Draft keep a draft; only Submit Score / Save and next change the score that counts. Errors are
 * summarised in an alert at the top and focus moves to the first invalid field; the buttons are
 * never disabled while saving (their text and aria-busy say so), so focus stays where it was.
 * Keyed by the page on the loaded score, so a discard starts afresh.
 */
export function ScoreCard({
  criteria,
  disabled,
  submitted,
  draft,
}: {
  criteria: Criterion[];
  disabled: boolean;
  submitted: Values | null;
  draft: Values | null;
}) {
  const actionData = useActionData<ScoreActionData>();
  const fetcher = useFetcher<ScoreActionData>();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const [live, setLive] = useState<number | null>(null);
  const [dirty, setDirty] = useState(false);
  // The newest answer, from a page post or an autosave: a later successful save clears the
  // errors of an earlier refused one.
  const [latest, setLatest] = useState<ScoreActionData | undefined>(actionData);
  useEffect(() => setLatest(actionData), [actionData]);
  useEffect(() => {
    if (fetcher.data) setLatest(fetcher.data);
  }, [fetcher.data]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const errors = latest?.result.error ?? {};
  const formErrors = errors[""] ?? [];
  const fieldErrors = [
    ...criteria.map((c) => ({
      id: scoreId(c.key),
      label: c.label,
      list: errors[`scores.${c.key}`],
    })),
    { id: COMMENT_ID, label: "Comments", list: errors.comment },
  ].filter((f) => f.list?.length);
  const firstInvalid = fieldErrors[0]?.id ?? null;
  const refusedFinal = latest?.intent === "submit" || latest?.intent === "submit-next";

  // After a refused Submit Score (with JavaScript), focus the first invalid field. Without
  // JavaScript the field carries autofocus in the page the server renders.
  useEffect(() => {
    if (!latest?.result.error) return;
    if (firstInvalid) document.getElementById(firstInvalid)?.focus();
    else if (formErrors.length) summaryRef.current?.focus();
    // Only when a new answer arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [latest]);

  const typed = typedValues(actionData?.result);
  const initial = (key: string) =>
    typed ? (typed.scores[key] ?? "") : String((draft ?? submitted)?.scores[key] ?? "");
  const initialComment = typed ? typed.comment : ((draft ?? submitted)?.comment ?? "");
  const needsComment = criteriaNeedingComment(criteria).length > 0;

  const saved = latest?.saved;
  const unsubmitted = Boolean(submitted) && (dirty || (saved ? saved.unsubmitted : Boolean(draft)));
  const saveState: SaveState =
    fetcher.state !== "idle"
      ? "saving"
      : dirty
        ? "dirty"
        : latest?.intent === "autosave"
          ? saved
            ? "saved"
            : "error"
          : "idle";
  const shownTotal = live ?? saved?.total ?? (draft ?? submitted)?.total ?? 0;

  function recompute(form: HTMLFormElement) {
    const fd = new FormData(form);
    const values = Object.fromEntries(
      criteria.map((c) => [c.key, parseScoreValue(fd.get(`scores.${c.key}`)) ?? 0]),
    );
    setLive(weightedTotal(criteria, values));
  }

  function saveDraftNow(form: HTMLFormElement) {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const fd = new FormData(form);
    fd.set("intent", "autosave");
    fd.set("source", "autosave");
    setDirty(false);
    fetcher.submit(fd, { method: "post" });
  }

  function onChange(e: React.FormEvent<HTMLFormElement>) {
    if (disabled) return;
    const form = e.currentTarget;
    recompute(form);
    setDirty(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => saveDraftNow(form), AUTOSAVE_DELAY_MS);
  }

  function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.value === "autosave") {
      // Save Draft with JavaScript: the same post as autosave, without leaving the page.
      e.preventDefault();
      saveDraftNow(e.currentTarget);
      return;
    }
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    setDirty(false);
  }

  const submitting = useIsPending({ state: "submitting", intent: "submit" });
  const submittingNext = useIsPending({ state: "submitting", intent: "submit-next" });
  const postingDraft = useIsPending({ intent: "autosave" });
  const savingDraft = fetcher.state !== "idle" || postingDraft;

  return (
    <>
      {formErrors.length || fieldErrors.length ? (
        <div
          ref={summaryRef}
          tabIndex={-1}
          role="alert"
          aria-labelledby="score-errors-title"
          className="mb-4 rounded-md border border-red-300 bg-red-50 p-4 text-red-900"
          data-testid="score-errors"
        >
          <p id="score-errors-title" className="font-semibold">
            {refusedFinal ? "The score was not submitted" : "The draft was not saved"}
          </p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm">
            {formErrors.map((e) => (
              <li key={e}>{e}</li>
            ))}
            {fieldErrors.flatMap((f) =>
              f.list!.map((e) => (
                <li key={`${f.id}-${e}`}>
                  <a href={`#${f.id}`} className="underline">
                    {f.label}: {e}
                  </a>
                </li>
              )),
            )}
          </ul>
        </div>
      ) : null}

      {unsubmitted ? (
        <Alert variant="warning" className="mb-4" title="You have unsubmitted changes">
          <p>
            Your changes are kept as a draft; the submitted score ({formatScore(submitted!.total)})
            still counts until you choose Submit Score.
          </p>
          <Form method="post" className="mt-2">
            <input type="hidden" name="intent" value="discard" />
            <Button type="submit" variant="outline" size="sm">
              Discard changes
            </Button>
          </Form>
        </Alert>
      ) : null}

      <Form
        method="post"
        onChange={onChange}
        onSubmit={onSubmit}
        className="space-y-5"
        aria-busy={submitting || submittingNext || savingDraft}
      >
        <fieldset disabled={disabled} className="space-y-5">
          <legend className="sr-only">Rubric scores</legend>
          {criteria.map((c) => {
            const id = scoreId(c.key);
            const list = errors[`scores.${c.key}`];
            const hintId = `${id}-hint`;
            const errorId = list?.length ? `${id}-error` : undefined;
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
                    defaultValue={initial(c.key)}
                    autoFocus={firstInvalid === id && refusedFinal}
                    className={`${inputClass} max-w-32`}
                    aria-invalid={errorId ? true : undefined}
                    aria-describedby={[hintId, errorId].filter(Boolean).join(" ")}
                  />
                  <span className="text-sm text-slate-600">/ {c.maxPoints}</span>
                </div>
                <p id={hintId} className="text-sm text-slate-600">
                  Weight {Math.round(c.weight * 100)}%{c.description ? ` · ${c.description}` : ""}
                  {c.requireComment ? " · Comment required" : ""}
                </p>
                <ErrorList id={errorId} errors={list} />
              </div>
            );
          })}
          <div className="space-y-1">
            <label htmlFor={COMMENT_ID} className="block text-sm font-medium text-slate-800">
              Comments{needsComment ? " (required)" : " (optional)"}
            </label>
            <textarea
              id={COMMENT_ID}
              name="comment"
              rows={6}
              maxLength={COMMENT_MAX}
              defaultValue={initialComment}
              autoFocus={firstInvalid === COMMENT_ID && refusedFinal}
              className={inputClass}
              aria-invalid={errors.comment?.length ? true : undefined}
              aria-describedby={[
                `${COMMENT_ID}-hint`,
                errors.comment?.length ? `${COMMENT_ID}-error` : "",
              ]
                .filter(Boolean)
                .join(" ")}
            />
            <p id={`${COMMENT_ID}-hint`} className="text-sm text-slate-600">
              Feedback for the writer, up to {COMMENT_MAX} characters.
            </p>
            <ErrorList id={`${COMMENT_ID}-error`} errors={errors.comment} />
          </div>
        </fieldset>

        <div className="flex flex-wrap items-center justify-between gap-4 rounded-md bg-slate-50 p-4">
          <p className="text-lg">
            Weighted total: <output data-testid="weighted-total">{formatScore(shownTotal)}</output>
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
                ? submitted
                  ? "Draft saved (not submitted)"
                  : "Saved"
                : saveState === "dirty"
                  ? "Unsaved changes"
                  : saveState === "error"
                    ? "Not saved: please check the highlighted fields"
                    : ""}
          </p>
        </div>

        <div className="flex flex-wrap gap-3">
          <Button type="submit" name="intent" value="submit" disabled={disabled}>
            {submitting ? "Submitting…" : "Submit Score"}
          </Button>
          <Button
            type="submit"
            name="intent"
            value="submit-next"
            variant="outline"
            disabled={disabled}
          >
            {submittingNext ? "Submitting…" : "Save and next"}
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
    </>
  );
}
