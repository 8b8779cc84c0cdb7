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
  useActionData,
  useLoaderData,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { EntryText } from "~/components/reading/entry-text";
import { JudgingGuidelines, ReadingStatus, RemovedNote } from "~/components/reading/reading-notes";
import {
  READING_SIZE_ACTION,
  TextSizeForm,
  useReadingSize,
} from "~/components/reading/reading-tools";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { ErrorList, inputClass, TextareaField } from "~/components/ui/field";
import { requireJudge } from "~/features/accounts/auth.server";
import {
  choiceSchema,
  COMPARISON_QUESTION,
  NOTE_MAX,
  RESERVATION_MINUTES,
  stepBackSchema,
} from "~/features/comparison/desk";
import {
  decide,
  decidedCount,
  deskRound,
  nextPair,
  pairEntries,
  stepBack,
} from "~/features/comparison/desk.server";
import { RECUSAL_REASONS } from "~/features/panel/panel-rules";
import { readingFor } from "~/features/judging/reading.server";
import { readingSizeOf } from "~/features/judging/reading-size.server";
import { comparisonGuidelines } from "~/features/judging/comparison-guidelines.server";
import { formatDateTime } from "~/utils/dates";
import { DomainError } from "~/utils/domain-error";
import { readForm } from "~/utils/form-body.server";
import { notFound } from "~/utils/responses";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "Compare two entries · Inkwell" }];

/**
 * The comparison desk (docs/decisions/0056-comparison-rounds.md): the pair this judge holds in the
 * contest's comparison round, or the next one handed to them. 404 unless the judge is on the
 * round's panel. Texts through the reading desk's rules (ADR 0034): never a removed passage.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireJudge(request);
  const contestId = params.contestId ?? "";
  const round = await deskRound(user.id, contestId);
  if (!round) throw notFound();
  const [readingSize, done] = await Promise.all([
    readingSizeOf(request),
    decidedCount(user.id, round.id),
  ]);
  const base = {
    readingSize,
    done,
    round: {
      number: round.number,
      name: round.name,
      open: round.open,
      opens: round.judgingOpen.toISOString(),
      closes: round.judgingClose.toISOString(),
    },
  };
  const pair = round.open ? await nextPair(user.id, round).catch(closedAsNull) : null;
  if (!pair) {
    const view = await comparisonGuidelines(contestId, "");
    return { ...base, contest: contestView(view, round), pair: null };
  }
  const [a, b] = await pairEntries([pair.entryAId, pair.entryBId]);
  const [readingA, readingB, view] = await Promise.all([
    readingFor(a),
    readingFor(b),
    comparisonGuidelines(contestId, a.id),
  ]);
  return {
    ...base,
    contest: contestView(view, round),
    pair: {
      id: pair.id,
      pieces: [
        { label: "A" as const, title: a.title, words: a.wordCount, reading: readingA },
        { label: "B" as const, title: b.title, words: b.wordCount, reading: readingB },
      ],
    },
  };
}

function closedAsNull(error: unknown): null {
  if (error instanceof DomainError) return null;
  throw error;
}

function contestView(
  view: Awaited<ReturnType<typeof comparisonGuidelines>>,
  round: { judgingOpen: Date; judgingClose: Date },
) {
  const tz = view?.contest.timeZone ?? "UTC";
  return {
    title: view?.contest.title ?? "",
    opens: formatDateTime(round.judgingOpen, tz),
    closes: formatDateTime(round.judgingClose, tz),
    guidelines: view?.guidelines ?? { prompts: [], rules: null },
  };
}

/**
 * The judge's choice: their pair, the round open at the moment of the write; a second post of the
 * same pair changes nothing. Then the next pair (the loader hands it out).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireJudge(request);
  const contestId = params.contestId ?? "";
  const round = await deskRound(user.id, contestId);
  if (!round) throw notFound();
  const here = `/judge/compare/${contestId}`;
  const formData = await readForm(request);
  if (formData.get("intent") === "step-back") return stepBackAction(user.id, here, formData);
  const submission = parseWithZod(formData, { schema: choiceSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    const outcome = await decide(user.id, submission.value);
    if (outcome === null) throw notFound();
    return redirectWithToast(here, {
      type: "success",
      title: outcome === "saved" ? "Choice saved" : "That choice was already saved",
    });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return data({ result: submission.reply({ formErrors: [error.message] }) }, { status: 403 });
  }
}

/**
 * "Step back from a piece" (ADR 0056, as the review page's step back, ADR 0033): the recusal is
 * kept, the pair is given back, and the judge is never shown that piece again.
 */
async function stepBackAction(judgeId: string, here: string, formData: FormData) {
  const submission = parseWithZod(formData, { schema: stepBackSchema });
  if (submission.status !== "success")
    return data({ stepBack: submission.reply() }, { status: 400 });
  try {
    const done = await stepBack(judgeId, submission.value);
    if (!done) throw notFound();
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return data({ stepBack: submission.reply({ formErrors: [error.message] }) }, { status: 403 });
  }
  return redirectWithToast(here, {
    type: "success",
    title: `You have stepped back from piece ${submission.value.piece}`,
    description: "You will not be shown it again. Thank you for telling us.",
  });
}

export const shouldRevalidate: ShouldRevalidateFunction = ({
  formAction,
  defaultShouldRevalidate,
}) => (formAction === READING_SIZE_ACTION ? false : defaultShouldRevalidate);

export default function CompareDesk() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const size = useReadingSize(d.readingSize);
  const result = actionData && "result" in actionData ? actionData.result : undefined;
  const errors = (result?.error ?? {}) as Record<string, string[] | null>;
  const sent = (result?.initialValue ?? {}) as Record<string, string | undefined>;
  const formErrors = errors[""] ?? [];
  const back = actionData && "stepBack" in actionData ? actionData.stepBack : undefined;
  const backErrors = (back?.error ?? {}) as Record<string, string[] | null>;

  return (
    <div className="space-y-6">
      <div>
        <Link to="/judge" className="text-sm text-ink-700 underline">
          ← Your Review Queue
        </Link>
        <h1 className="mt-2 font-serif text-3xl font-bold break-words">Compare two entries</h1>
        <p className="mt-1 text-slate-600">
          <bdi>{d.contest.title}</bdi> · Round {d.round.number} (<bdi>{d.round.name}</bdi>) ·{" "}
          {d.done === 1 ? "1 comparison made" : `${d.done} comparisons made`}
        </p>
      </div>

      {!d.round.open ? (
        <Alert variant="warning" title="Judging is closed for this round.">
          {new Date(d.round.opens).getTime() > Date.now()
            ? `Judging opens on ${d.contest.opens}.`
            : `Judging closed on ${d.contest.closes}.`}
        </Alert>
      ) : !d.pair ? (
        <Alert variant="info" title="No more pairs for you right now">
          Every pair you may judge has been compared enough, or is with another judge. Come back
          later: a pair another judge leaves for {RESERVATION_MINUTES} minutes comes back.
        </Alert>
      ) : (
        <>
          <TextSizeForm size={size} />
          {/* Side by side on wide screens, one after the other on phones (CSS only). */}
          <div className="grid gap-6 lg:grid-cols-2">
            {d.pair.pieces.map((p) => (
              <div key={p.label} className="min-w-0 space-y-3">
                <p className="text-lg font-semibold">
                  Piece {p.label} · {p.words} words
                </p>
                <ReadingStatus reading={p.reading} download={null} />
                {p.reading.paragraphs.length ? (
                  <EntryText
                    headingId={`piece-${p.label}-heading`}
                    title={p.title}
                    paragraphs={p.reading.paragraphs}
                    size={size}
                  >
                    <RemovedNote removed={p.reading.removed} />
                  </EntryText>
                ) : null}
              </div>
            ))}
          </div>

          <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_21rem]">
            {/* Keyed by the pair: a new pair starts with no choice and empty notes (a note meant
                for one writer never carries over to the next pair's). */}
            <Form key={d.pair.id} method="post" className="min-w-0 space-y-4" noValidate>
              <input type="hidden" name="comparisonId" value={d.pair.id} />
              <ErrorList errors={formErrors} />
              <fieldset
                className="space-y-2"
                aria-describedby={errors.winner ? "winner-error" : undefined}
              >
                <legend className="text-xl font-semibold">{COMPARISON_QUESTION}</legend>
                {d.pair.pieces.map((p) => (
                  <label key={p.label} className="flex min-h-11 items-center gap-3 text-base">
                    <input
                      type="radio"
                      name="winner"
                      value={p.label}
                      defaultChecked={sent.winner === p.label}
                      className="size-5"
                    />
                    <span className="min-w-0 break-words">
                      Piece {p.label}: <bdi>{p.title}</bdi>
                    </span>
                  </label>
                ))}
                <ErrorList id="winner-error" errors={errors.winner ?? undefined} />
              </fieldset>
              {d.pair.pieces.map((p) => (
                <TextareaField
                  key={p.label}
                  label={`A note for the writer of piece ${p.label} (optional)`}
                  hint="The writer reads it with the results, as a judge's comment."
                  name={`note${p.label}`}
                  rows={3}
                  maxLength={NOTE_MAX}
                  defaultValue={sent[`note${p.label}`] ?? ""}
                  errors={errors[`note${p.label}`] ?? undefined}
                />
              ))}
              <Button type="submit" name="intent" value="choose">
                Next
              </Button>
            </Form>
            <div className="min-w-0">
              <JudgingGuidelines
                prompts={d.contest.guidelines.prompts}
                rules={d.contest.guidelines.rules}
                criteria={[]}
              />
            </div>
          </div>

          <section
            aria-labelledby="step-back-heading"
            className="max-w-xl space-y-3 rounded border border-slate-200 p-4"
          >
            <h2 id="step-back-heading" className="text-lg font-semibold">
              Step back from a piece
            </h2>
            <p className="text-sm text-slate-600">
              If you should not judge one of these pieces (you know the writer, for example), step
              back from it. You will not be shown it again, and you get another pair.
            </p>
            <Form key={d.pair.id} method="post" className="space-y-3" noValidate>
              <input type="hidden" name="comparisonId" value={d.pair.id} />
              <ErrorList errors={backErrors[""] ?? []} />
              <fieldset className="space-y-1">
                <legend className="text-sm font-medium">Which piece?</legend>
                {d.pair.pieces.map((p) => (
                  <label key={p.label} className="flex min-h-11 items-center gap-3 text-sm">
                    <input type="radio" name="piece" value={p.label} className="size-5" />
                    <span className="min-w-0 break-words">
                      Piece {p.label}: <bdi>{p.title}</bdi>
                    </span>
                  </label>
                ))}
                <ErrorList errors={backErrors.piece ?? undefined} />
              </fieldset>
              <div>
                <label htmlFor="step-back-reason" className="block text-sm font-medium">
                  Why?
                </label>
                <select
                  id="step-back-reason"
                  name="reason"
                  defaultValue=""
                  className={inputClass}
                  aria-invalid={backErrors.reason ? true : undefined}
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
                <ErrorList errors={backErrors.reason ?? undefined} />
              </div>
              <Button type="submit" name="intent" value="step-back" variant="outline">
                Step back from this piece
              </Button>
            </Form>
          </section>
        </>
      )}
    </div>
  );
}
