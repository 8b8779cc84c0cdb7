import { getFormProps, parse, useForm, type SubmissionResult } from "@conform-to/react";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import type { loader as rootLoader } from "~/root";
import { useState } from "react";
import { Button, ButtonLink } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { clientAddress, getOptionalUser } from "~/features/accounts/auth.server";
import { formatDateTime, formatDollars } from "~/utils/dates";
import {
  CONFIRMATIONS,
  SHOW_IF_AWARDED_LABEL,
  ENTRY_MESSAGES,
  allErrors,
  entryErrors,
  fileCheckFromFile,
} from "~/features/entries/entry-rules";
import {
  DraftNotice,
  DraftQuestion,
  ProblemList,
  SignInFirst,
  useEntryDraft,
  TickBox,
} from "~/components/entries/entry-form-parts";
import { StoryFields } from "~/components/entries/story-fields";
import { entryLimitMessage, entryLimitRule } from "~/features/entries/entry-limit";
import { entriesLeftFor } from "~/features/entries/entry-limit.server";
import {
  discardBody,
  eligibilityMessage,
  newEntryKey,
  receiveEntry,
  type ReceivedEntry,
} from "~/features/entries/receive-entry.server";
import { answerRefusal } from "~/utils/action.server";
import { kindFromFileName } from "~/features/documents/file-sniff";
import { isSubmissionWindowOpen, publicPhase } from "~/features/contests/phase";
import { getPublishedContest } from "~/features/contests/public-contests.server";
import { redirectWithToast } from "~/utils/toast.server";
import { priceFor } from "~/features/payments/price-preview.server";
import { redirectToCheckout } from "../checkout-redirect.server";
import { DiscountCodeField, usePricePreview } from "~/components/payments/discount-code-field";
import { countWords } from "~/features/entries/word-count";
import { warmInspectionWorker } from "~/features/documents/document-inspection.server";
import { draftDoneCookie, visitorDraftFor } from "~/features/entries/entry-draft.server";
import { pendingEntryIn } from "~/features/entries/pending-entry.server";
import { answerDraftQuestion, visitorToSignIn } from "./visitor-sign-in.server";
import { entryDivisionNotice, placeEntry } from "~/features/divisions/placement.server";
import { readBeforeBody } from "~/features/entries/entry-statements.server";
import { DivisionRefused } from "~/features/divisions/placement";
import { EntryNotices } from "~/components/entries/entry-notices";
import { AiDeclarationFields } from "~/components/entries/ai-declaration-fields";

import { useIsPending } from "~/utils/use-is-pending";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Enter ${data.contest.title} · Inkwell` : "Enter · Inkwell" },
];

const notFound = () =>
  redirectWithToast("/", {
    type: "error",
    title: "Error",
    description: ENTRY_MESSAGES.contestNotFound,
  });

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const [contest, user] = await Promise.all([
    getPublishedContest(params.slug ?? ""),
    getOptionalUser(request),
  ]);
  if (!contest) throw await notFound();
  // Documents are inspected in a worker thread: have it ready by the time the form is sent.
  if (user) warmInspectionWorker();
  const limit = contest.entriesPerWriter;
  const code = new URL(request.url).searchParams.get("code")?.slice(0, 40).trim() || null;
  const [left, price, kept, pending, division] = await Promise.all([
    user ? entriesLeftFor(user.id, contest.id, limit) : limit,
    priceFor(contest, code, user, clientAddress(context)),
    // A story typed in this browser before a sign-in is offered by its title, and put into the
    // form only once the signed-in person said it is theirs (ADR 0042).
    user
      ? visitorDraftFor(request, user.id, contest.id)
      : { offer: null, draft: null, setCookie: null },
    user && code && contest.entryFeeCents > 0 ? pendingEntryIn(user.id, contest.id) : null,
    // The writer's division, or why they can't enter (docs/decisions/0032-divisions-and-rounds.md).
    user
      ? entryDivisionNotice(contest.id, { userId: user.id }, new Date())
      : ({ kind: "none" } as const),
  ]);
  const placed = division.kind === "placed" ? division : null;
  const body = {
    contest: {
      slug: contest.slug,
      title: contest.title,
      // The division's own word range, where it has one.
      wordMin: placed?.wordMin ?? contest.wordMin,
      wordMax: placed?.wordMax ?? contest.wordMax,
      feeCents: contest.entryFeeCents,
      opens: formatDateTime(contest.submissionsOpen, contest.timeZone),
      closes: formatDateTime(contest.submissionsClose, contest.timeZone),
      entryLimit: entryLimitRule(limit),
      aiPolicy: contest.aiPolicy, // the snapshot's; with one, the writer declares (ADR 0053)
    },
    phase: publicPhase(contest),
    signedIn: Boolean(user),
    notEligible: user ? eligibilityMessage(user) : null,
    division,
    limitReached: left === 0 ? entryLimitMessage(limit) : null,
    entryKey: newEntryKey(),
    code,
    price,
    draft: kept.draft,
    draftOffer: kept.offer,
    // An entry already waiting for payment: the classroom code can go to its Complete payment.
    pending: pending
      ? {
          title: pending.title,
          href: `/dashboard/submissions/${pending.id}?code=${encodeURIComponent(code ?? "")}`,
        }
      : null,
  };
  return data(body, kept.setCookie ? { headers: { "Set-Cookie": kept.setCookie } } : undefined);
}

type ActionData = { result: SubmissionResult<string[]> | null; formError: string | null };

export async function action({ request, params }: ActionFunctionArgs) {
  const slug = params.slug ?? "";
  const [user, contest] = await Promise.all([getOptionalUser(request), getPublishedContest(slug)]);
  // A visitor is sent to sign in first (what they typed is kept for a published contest).
  if (!user) return visitorToSignIn(request, slug, contest);
  // "Is this your story?" is answered by a small form of its own (the entry form is multipart).
  const answered = await answerDraftQuestion(request, user.id, contest);
  if (answered) return answered;
  if (!contest) {
    await discardBody(request);
    return notFound();
  }
  // Early refusals save storing a file that would be deleted; receiveEntry checks both again at the write.
  const refused =
    eligibilityMessage(user) ?? (isSubmissionWindowOpen(contest) ? null : ENTRY_MESSAGES.notOpen);
  if (refused) {
    await discardBody(request);
    return data<ActionData>({ result: null, formError: refused }, { status: 403 });
  }
  // The writer's division, counted entries and identities: one statement (ADR 0078).
  const before = await readBeforeBody(user, contest.id);
  let division;
  try {
    division = await placeEntry(before.divisions, { userId: user.id }, new Date(), user);
  } catch (error) {
    if (!(error instanceof DivisionRefused)) throw error;
    await discardBody(request);
    return data<ActionData>({ result: null, formError: error.message }, { status: 403 });
  }
  let outcome: ReceivedEntry;
  try {
    outcome = await receiveEntry(request, user, contest, undefined, { ...before, division });
  } catch (error) {
    return answerRefusal(error, { ownReply: true });
  }
  // Received: the story kept in this browser is dropped by the next page it shows, even when
  // that page is a checkout elsewhere (docs/decisions/0031-classrooms-and-shared-computers.md).
  const done = { headers: { "Set-Cookie": draftDoneCookie(contest.slug) } };
  // An entry with a fee to pay goes straight to the checkout (docs/decisions/0020-payments.md).
  // The same entry sent again (Back then Submit): the writer is shown the one they already sent,
  // with its payment step if it has one (docs/decisions/0026-entry-flow.md).
  if (outcome.duplicate)
    return redirectWithToast(
      `/dashboard/submissions/${outcome.submissionId}`,
      {
        type: "info",
        title: ENTRY_MESSAGES.alreadyReceived,
        description: ENTRY_MESSAGES.alreadyReceivedDetail,
      },
      done,
    );
  if (outcome.status === "pending_payment") {
    const response = await redirectToCheckout(user.id, outcome.submissionId);
    response.headers.append("Set-Cookie", draftDoneCookie(contest.slug));
    return response;
  }
  return redirectWithToast("/dashboard", { type: "success", title: ENTRY_MESSAGES.received }, done);
}

export default function EnterContest() {
  const {
    contest,
    phase,
    signedIn,
    notEligible,
    division,
    limitReached,
    entryKey,
    code,
    price,
    draft: kept,
    draftOffer,
    pending,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const submitting = useIsPending({ state: "submitting" });
  // Validation runs in the browser with the server's rules: typing never posts the form, so
  // nothing is created until the writer presses Submit (docs/decisions/0013-entry-form-and-limits.md).
  const [form, fields] = useForm({
    // A new id once a kept story arrives, so the form takes it as its starting values.
    id: kept ? "entry-kept" : "entry",
    lastResult: actionData?.result ?? null,
    // The story typed before signing in, kept on the server and claimed by this writer
    // (docs/decisions/0026-entry-flow.md, 0042): never a ticked box.
    defaultValue: kept
      ? { title: kept.title, body: kept.body, discountCode: kept.discountCode }
      : undefined,
    // First checked on Submit, then again as each field is typed in (never on blur: an error that
    // appears when focus leaves a field would move the box the writer is clicking).
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    // The server's rules without zod (entry-rules.ts, tested to agree with entrySchema), so the
    // page does not ship a schema library (docs/decisions/0021-performance.md).
    onValidate({ formData }) {
      // A visitor's "Sign in first" sends what they typed to be kept, unchecked.
      if (formData.get("intent") === "sign-in")
        return parse(formData, { resolve: (v) => ({ value: v }) });
      const file = fileCheckFromFile(formData.get("file"), kindFromFileName);
      return parse(formData, {
        resolve: (payload) => {
          const error = entryErrors(payload, contest, file);
          return Object.keys(error).length ? { error } : { value: payload };
        },
      });
    },
  });
  const [liveCount, setLiveCount] = useState<number | null>(null);
  const owner = useRouteLoaderData<typeof rootLoader>("root")?.draftOwner ?? null;
  const draft = useEntryDraft(
    contest.slug,
    owner,
    { title: fields.title.name, body: fields.body.name },
    (d) => setLiveCount(countWords(d.body)),
  );
  // After a 4xx answer the loader is not re-run, so a refusal for a closed window closes the form here.
  const windowOpen = phase === "open" && actionData?.formError !== ENTRY_MESSAGES.notOpen;
  const refusedLimit = actionData?.formError?.startsWith("You have") ? actionData.formError : null;
  const disabled =
    !windowOpen ||
    Boolean(notEligible) ||
    division.kind === "refused" ||
    Boolean(limitReached ?? refusedLimit);
  // The list at the top is the server's answer to the last post (it only changes on a post, so the
  // page never jumps while the writer types or clicks); live errors show beside each field and in
  // the list above the Submit button.
  const problems = actionData?.formError ? [] : allErrors(actionData?.result?.error);
  const liveProblems = problems.length ? [] : allErrors(form.allErrors);
  const fee = contest.feeCents > 0 ? formatDollars(contest.feeCents) : null;
  const preview = usePricePreview(contest.slug, price);
  const due =
    preview.price?.ok && preview.price.code
      ? preview.price.amountCents === 0
        ? "fee waived"
        : formatDollars(preview.price.amountCents)
      : fee;
  // The classroom link's ?code= comes back with the writer after the sign-in.
  const back = `/contests/${contest.slug}/enter${code ? `?code=${encodeURIComponent(code)}` : ""}`;

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 text-base">
      <p>
        <Link to={`/contests/${contest.slug}`} className="text-ink-700 underline">
          ← {contest.title}
        </Link>
      </p>
      <h1 className="mt-2 break-words font-serif text-3xl font-bold">Submit your entry</h1>
      <p className="mt-2 text-slate-700">
        {contest.title}: {contest.wordMin}–{contest.wordMax} words. {contest.entryLimit} Submissions
        close {contest.closes}.
      </p>

      <EntryNotices
        phase={phase}
        windowOpen={windowOpen}
        contest={contest}
        signInBack={signedIn ? null : back}
        notEligible={notEligible}
        division={division}
        limitReached={limitReached}
        formError={actionData?.formError ?? null}
        pending={pending}
        problems={problems}
      >
        {draftOffer ? <DraftQuestion offer={draftOffer} /> : null}
        <DraftNotice kept={kept} restoredHere={draft.restored} />
      </EntryNotices>

      <Card className="mt-6">
        <CardContent className="pt-5">
          <Form
            method="post"
            encType="multipart/form-data"
            {...getFormProps(form)}
            ref={draft.formRef}
            onInput={draft.save}
            noValidate
            className="space-y-6"
          >
            <input type="hidden" name="entryKey" value={entryKey} />
            <fieldset disabled={disabled} className="min-w-0 space-y-6">
              <legend className="sr-only">Your entry</legend>
              <StoryFields
                fields={fields}
                range={{ min: contest.wordMin, max: contest.wordMax }}
                whose="your"
                beforeText={signedIn ? null : <SignInFirst />}
                count={{ value: liveCount, set: setLiveCount }}
              />
              <AiDeclarationFields policy={contest.aiPolicy} by="writer" fields={fields} />
              <fieldset className="space-y-2">
                <legend className="text-base font-medium text-slate-800">
                  Before you send it, tick all four boxes
                </legend>
                {CONFIRMATIONS.map((c) => (
                  <TickBox key={c.name} field={fields[c.name]} label={c.label} />
                ))}
              </fieldset>
              <label className="flex items-start gap-2 text-base text-slate-800">
                <input type="checkbox" name="showIfAwarded" className="mt-1 h-5 w-5 shrink-0" />
                <span>
                  {SHOW_IF_AWARDED_LABEL} <span className="text-slate-600">(optional)</span>
                </span>
              </label>
              {fee ? (
                <DiscountCodeField
                  defaultValue={
                    typeof fields.discountCode.initialValue === "string"
                      ? fields.discountCode.initialValue
                      : (code ?? "")
                  }
                  errors={fields.discountCode.errors}
                  preview={preview}
                  fee={fee}
                />
              ) : null}
              <ProblemList problems={liveProblems} />
              <div className="flex flex-wrap items-center gap-3">
                <Button type="submit" disabled={disabled || submitting}>
                  {submitting ? "Submitting…" : due ? `Submit Entry (${due})` : "Submit Entry"}
                </Button>
                <ButtonLink to={`/contests/${contest.slug}`} variant="outline">
                  Cancel
                </ButtonLink>
              </div>
              {fee ? (
                <p className="text-base text-slate-700">
                  {due === "fee waived"
                    ? "Your code waives the entry fee: your entry is submitted as soon as you press Submit."
                    : `The ${due} entry fee is paid on a secure payment page after you press Submit; your entry is saved and stays pending until it is paid.`}
                </p>
              ) : null}
            </fieldset>
          </Form>
        </CardContent>
      </Card>
    </div>
  );
}
