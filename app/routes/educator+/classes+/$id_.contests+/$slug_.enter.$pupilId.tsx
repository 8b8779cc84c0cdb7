/**
 * /educator/classes/:id/contests/:slug/enter/:pupilId: an educator sends an entry for a pupil of
 * their class (docs/decisions/0031-classrooms-and-shared-computers.md). The entry form's checks
 * and messages (contests.$slug.enter.tsx), plus the educator's attestations, which the consent
 * ledger keeps in the entry's own transaction. A paid contest's entry then waits on the class's
 * page, where the educator pays for several at once.
 */
import { getFormProps, parse, useForm, type SubmissionResult } from "@conform-to/react";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Alert } from "~/components/ui/alert";
import { Button, ButtonLink } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { ProblemList, TickBox } from "~/components/entries/entry-form-parts";
import { StoryFields } from "~/components/entries/story-fields";
import {
  permissionNeeded,
  pupilEntriesLeft,
  pupilEntry,
} from "~/features/classrooms/class-entries.server";
import {
  ATTESTATION_FIELDS,
  CLASS_ENTRY_MESSAGES,
  classConfirmations,
  classShowIfAwardedLabel,
} from "~/features/classrooms/class-entry-form";
import {
  ownClassroom,
  ownPupil,
  pupilName,
  requireEducator,
} from "~/features/classrooms/educator-access.server";
import { kindFromFileName } from "~/features/documents/file-sniff";
import { isSubmissionWindowOpen, publicPhase } from "~/features/contests/phase";
import { getPublishedContest } from "~/features/contests/public-contests.server";
import { entryLimitRule } from "~/features/entries/entry-limit";
import {
  ENTRY_MESSAGES,
  allErrors,
  entryErrors,
  fileCheckFromFile,
} from "~/features/entries/entry-rules";
import {
  discardBody,
  newEntryKey,
  receiveEntry,
  type ReceivedEntry,
} from "~/features/entries/receive-entry.server";
import { answerRefusal } from "~/utils/action.server";
import { formatDateTime, formatDollars } from "~/utils/dates";
import { notFound } from "~/utils/responses";
import { redirectWithToast } from "~/utils/toast.server";
import { useIsPending } from "~/utils/use-is-pending";
import { entryDivisionNotice } from "~/features/divisions/placement.server";
import { DivisionNotice } from "~/components/divisions/division-notice";
import { AiDeclarationFields } from "~/components/entries/ai-declaration-fields";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: data
      ? `Entry for ${data.pupil.name} · ${data.contest.title} · Inkwell`
      : "Entry · Inkwell",
  },
];

async function load(request: Request, params: LoaderFunctionArgs["params"]) {
  const access = await requireEducator(request);
  const classroom = await ownClassroom(access.educator.userId, params.id ?? "");
  const pupil = await ownPupil(access.educator.userId, params.pupilId ?? "");
  if (pupil.classroomId !== classroom.id) throw notFound("No such pupil");
  const contest = await getPublishedContest(params.slug ?? "");
  if (!contest) throw notFound("No such contest");
  return { access, classroom, pupil, contest };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { access, classroom, pupil, contest } = await load(request, params);
  const [left, needsPermission, division] = await Promise.all([
    pupilEntriesLeft(pupil, contest),
    permissionNeeded(pupil, contest.id),
    // The pupil's division by the roster grade (or their own account's), or why they can't enter.
    entryDivisionNotice(contest.id, { pupilId: pupil.id, pupilName: pupilName(pupil) }, new Date()),
  ]);
  const placed = division.kind === "placed" ? division : null;
  return {
    classroom: { id: classroom.id, name: classroom.name },
    pupil: { id: pupil.id, name: pupilName(pupil) },
    contest: {
      slug: contest.slug,
      title: contest.title,
      wordMin: placed?.wordMin ?? contest.wordMin,
      wordMax: placed?.wordMax ?? contest.wordMax,
      feeCents: contest.entryFeeCents,
      closes: formatDateTime(contest.submissionsClose, contest.timeZone),
      entryLimit: entryLimitRule(contest.entriesPerWriter),
      // The teacher answers the AI question for the pupil (ADR 0053).
      aiPolicy: contest.aiPolicy,
    },
    phase: publicPhase(contest),
    notApproved: access.educator.status === "approved" ? null : CLASS_ENTRY_MESSAGES.notApproved,
    limitReached: left === 0,
    division,
    needsPermission,
    entryKey: newEntryKey(),
  };
}

type ActionData = { result: SubmissionResult<string[]> | null; formError: string | null };

export async function action({ request, params }: ActionFunctionArgs) {
  const { access, classroom, pupil, contest } = await load(request, params);
  const back = `/educator/classes/${classroom.id}/contests/${contest.slug}`;
  const refused =
    access.educator.status !== "approved"
      ? CLASS_ENTRY_MESSAGES.notApproved
      : isSubmissionWindowOpen(contest)
        ? null
        : ENTRY_MESSAGES.notOpen;
  if (refused) {
    await discardBody(request);
    return data<ActionData>({ result: null, formError: refused }, { status: 403 });
  }
  let outcome: ReceivedEntry;
  try {
    outcome = await receiveEntry(
      request,
      access.user,
      contest,
      pupilEntry(access, pupil, contest.id),
    );
  } catch (error) {
    return answerRefusal(error, { ownReply: true });
  }
  const name = pupilName(pupil);
  if (outcome.duplicate)
    return redirectWithToast(back, {
      type: "info",
      title: ENTRY_MESSAGES.alreadyReceived,
      description: `You sent this story for ${name} a few minutes ago, so we did not add it twice.`,
    });
  return redirectWithToast(back, {
    type: "success",
    title: ENTRY_MESSAGES.received,
    description:
      outcome.status === "pending_payment"
        ? `${name}'s entry is waiting for payment: pay for your class's entries together below.`
        : `${name}'s entry is sent.`,
  });
}

export default function EnterForPupil() {
  const {
    classroom,
    pupil,
    contest,
    phase,
    notApproved,
    limitReached,
    division,
    needsPermission,
    entryKey,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const submitting = useIsPending({ state: "submitting" });
  const [form, fields] = useForm({
    id: "entry",
    lastResult: actionData?.result ?? null,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      const file = fileCheckFromFile(formData.get("file"), kindFromFileName);
      return parse(formData, {
        resolve: (payload) => {
          const error: Record<string, string[]> = entryErrors(payload, contest, file);
          // The educator's words for the original-work box (it is the ledger's attestation).
          if (payload[ATTESTATION_FIELDS.originality] !== "on")
            error[ATTESTATION_FIELDS.originality] = [CLASS_ENTRY_MESSAGES.originality];
          if (needsPermission && payload[ATTESTATION_FIELDS.parental_permission] !== "on")
            error[ATTESTATION_FIELDS.parental_permission] = [CLASS_ENTRY_MESSAGES.permission];
          return Object.keys(error).length ? { error } : { value: payload };
        },
      });
    },
  });
  const windowOpen = phase === "open" && actionData?.formError !== ENTRY_MESSAGES.notOpen;
  const disabled =
    !windowOpen || Boolean(notApproved) || limitReached || division.kind === "refused";
  const problems = actionData?.formError ? [] : allErrors(actionData?.result?.error);
  const liveProblems = problems.length ? [] : allErrors(form.allErrors);
  const fee = contest.feeCents > 0 ? formatDollars(contest.feeCents) : null;
  const back = `/educator/classes/${classroom.id}/contests/${contest.slug}`;
  // Every confirmation the entry needs, in the educator's words, on the first view (ADR 0044).
  const confirmations = classConfirmations(pupil.name, needsPermission);

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 text-base">
      <p>
        <Link to={back} className="text-ink-700 underline">
          ← {classroom.name}: {contest.title}
        </Link>
      </p>
      <h1 className="mt-2 break-words font-serif text-3xl font-bold">
        Entry for <bdi>{pupil.name}</bdi>
      </h1>
      <p className="mt-2 text-slate-700">
        {contest.title}: {contest.wordMin}–{contest.wordMax} words. {contest.entryLimit} Submissions
        close {contest.closes}.
      </p>
      <div className="mt-6 space-y-4">
        {!windowOpen ? (
          <Alert variant="warning" title="Submissions closed">
            {ENTRY_MESSAGES.notOpen}
          </Alert>
        ) : null}
        {notApproved ? (
          <Alert variant="warning" title="You cannot send entries yet">
            {notApproved}
          </Alert>
        ) : null}
        <DivisionNotice
          notice={division}
          who={`${pupil.name}'s`}
          rosterHref={`/educator/classes/${classroom.id}`}
        />
        {limitReached && !actionData?.formError ? (
          <Alert variant="info" title="No entries left">
            <bdi>{pupil.name}</bdi> has no entries left in this contest. {contest.entryLimit}
          </Alert>
        ) : null}
        {actionData?.formError ? (
          <Alert variant="destructive" title="The entry was not sent">
            {actionData.formError}
          </Alert>
        ) : null}
        <ProblemList problems={problems} />
      </div>

      <Card className="mt-6">
        <CardContent className="pt-5">
          <Form
            method="post"
            encType="multipart/form-data"
            {...getFormProps(form)}
            noValidate
            className="space-y-6"
          >
            <input type="hidden" name="entryKey" value={entryKey} />
            <fieldset disabled={disabled} className="min-w-0 space-y-6">
              <legend className="sr-only">
                Entry for <bdi>{pupil.name}</bdi>
              </legend>
              <StoryFields
                fields={fields}
                range={{ min: contest.wordMin, max: contest.wordMax }}
                whose="the"
              />
              <AiDeclarationFields policy={contest.aiPolicy} by="teacher" fields={fields} />
              <fieldset className="space-y-2">
                <legend className="text-base font-medium text-slate-800">
                  Your confirmations as {pupil.name}&rsquo;s educator
                </legend>
                <p className="text-base text-slate-700">Tick each box before you send the entry.</p>
                {confirmations.map((c) => (
                  <TickBox key={c.name} field={fields[c.name]} label={c.label} />
                ))}
              </fieldset>
              <label className="flex items-start gap-2 text-base text-slate-800">
                <input type="checkbox" name="showIfAwarded" className="mt-1 h-5 w-5 shrink-0" />
                <span>
                  {classShowIfAwardedLabel(pupil.name)}{" "}
                  <span className="text-slate-600">(optional)</span>
                </span>
              </label>
              <ProblemList problems={liveProblems} />
              <div className="flex flex-wrap items-center gap-3">
                <Button type="submit" disabled={disabled || submitting}>
                  {submitting ? "Submitting…" : "Submit Entry"}
                </Button>
                <ButtonLink to={back} variant="outline">
                  Cancel
                </ButtonLink>
              </div>
              {fee ? (
                <p className="text-base text-slate-700">
                  The {fee} entry fee is paid from your class&rsquo;s page, for several entries at
                  once; the entry waits for payment until then.
                </p>
              ) : null}
            </fieldset>
          </Form>
        </CardContent>
      </Card>
    </div>
  );
}
