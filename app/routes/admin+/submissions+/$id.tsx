import { notFound } from "~/utils/responses";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useResetKey } from "~/utils/use-reset-key";
import {
  StoryText,
  SubmissionFileCard,
  SubmissionHeader,
} from "~/components/entries/submission-view";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { requireAdmin } from "~/features/accounts/auth.server";
import { showStateOf, withdrawShowPermission } from "~/features/privacy/show-permission.server";
import { ShowPermissionSection, showPermissionView } from "~/components/results/show-permission";
import { adminWriter } from "~/features/judging/writer";
import { formatDateTime, formatDollars } from "~/utils/dates";
import { refundEntry } from "~/features/payments/checkout.server";
import { paymentLine } from "~/features/payments/payment-summary";
import { z } from "zod";
import { ENTRY_MESSAGES, disqualifySchema } from "~/features/entries/entry-schema";
import { canTransition } from "~/features/entries/submission-status";
import {
  countUnscoredAssignments,
  disqualifySubmission,
  getAdminSubmission,
  paymentColumns,
  reinstateSubmission,
} from "~/features/entries/admin-submissions.server";
import { answerRefusal } from "~/utils/action.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/form-body.server";
import { contentRemovedMessage } from "~/features/privacy/retention-policy";
import { contestDivisions } from "~/features/divisions/divisions.server";
import { divisionMoves, moveToDivision } from "~/features/entries/division-move.server";
import { entryRecusals } from "~/features/assignment/recusal.server";
import {
  decideIdentityHits,
  identityHitsForAdmin,
  identityHitsOf,
} from "~/features/anonymity/identity.server";
import { DocumentText, IdentityHitsSection } from "~/components/anonymity/identity-hits";
import { AdminEntryFacts, EntryRecusals } from "~/components/entries/admin-entry-facts";
import { DisqualifySection, DivisionMoveSection } from "~/components/entries/admin-entry-actions";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.submission.title} · Admin · Inkwell` : "Submission · Admin" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const s = await getAdminSubmission(params.id ?? "");
  if (!s) throw notFound();
  // Divisions (ADR 0032): the move form and history. Where the entry names its writer (ADR 0034).
  const [divisions, moves, recusals, spans] = await Promise.all([
    contestDivisions(s.contest.id),
    divisionMoves(s.id),
    entryRecusals(s.id),
    identityHitsOf(s.id),
  ]);
  const text = s.body ?? s.document?.text ?? "";
  const hits = await identityHitsForAdmin(s.id, { text, hits: spans });
  return {
    // "May be shown", withdrawn here on the writer's or parent's request (ADR 0042).
    show: showPermissionView(showStateOf(s), s.contest.timeZone),
    hits: hits.map((h) => ({
      id: h.id,
      label: h.label,
      status: h.status,
      decided: h.decidedAt ? formatDateTime(h.decidedAt, s.contest.timeZone) : null,
      passage: h.passage,
    })),
    // The text read from the document, for the admin only; the places marked where it names them.
    documentText:
      s.document && !s.body && s.document.text
        ? { text: s.document.text, spans: spans.map((h) => ({ start: h.start, end: h.end })) }
        : null,
    // Judges who stepped back from this entry (docs/decisions/0033-judging-panel.md).
    recusals: recusals.map((r) => ({
      id: r.id,
      judge: r.judge.displayName || r.judge.email,
      reason: r.reasonLabel,
      replacement: r.replacement ? r.replacement.displayName || r.replacement.email : null,
      atComparisonDesk: r.atComparisonDesk,
      at: formatDateTime(r.createdAt, s.contest.timeZone),
    })),
    division: s.division,
    divisions: divisions.map((d) => ({ id: d.id, name: d.name })),
    moves: moves.map((m) => ({
      id: m.id,
      from: m.fromName,
      to: m.toName,
      note: m.note,
      by: m.movedBy,
      at: formatDateTime(m.createdAt, s.contest.timeZone),
    })),
    submission: {
      id: s.id,
      title: s.title,
      body: s.body,
      wordCount: s.wordCount,
      status: s.status,
      disqualifyReason: s.disqualifyReason,
      fileName: s.fileName,
      fileSize: s.fileSize,
      hasFile: Boolean(s.filePath),
      contentRemoved: s.contentRemovedAt
        ? contentRemovedMessage(formatDateTime(s.contentRemovedAt, s.contest.timeZone))
        : null,
      mentionsEntrant: s.mentionsEntrant,
      aiDeclaration: s.aiDeclaration, // admins only, never judges (ADR 0053)
      submitted: formatDateTime(s.createdAt, s.contest.timeZone),
      contest: { slug: s.contest.slug, title: s.contest.title },
      entrant: { name: s.entrant.displayName, email: s.entrant.email },
      // A class entry: "Mia R. (sent by Grace Hopkins, Maple Grove Primary)" (docs/decisions/0031).
      writer: s.pupil ? adminWriter(s).label : null,
    },
    canDisqualify: canTransition(s.status, "disqualify"),
    payment: s.payment
      ? {
          line: paymentLine(s.payment),
          reference: paymentColumns(s.payment).reference,
          amount: formatDollars(s.payment.amountCents),
          // An invoiced class entry's "refund" voids its invoice line (ADR 0031).
          refundable:
            ["paid", "invoiced"].includes(s.payment.status) && canTransition(s.status, "refund"),
        }
      : null,
    confirmRefund: new URL(request.url).searchParams.get("confirm") === "refund",
  };
}

/**
 * Disqualify is two steps (docs/decisions/0004): "disqualify" checks the reason and answers with
 * the confirmation (how many unscored assignments go); "disqualify-confirm" acts. "reinstate"
 * undoes it. See docs/decisions/0016.
 */
const actionSchema = z.discriminatedUnion("intent", [
  disqualifySchema,
  disqualifySchema.extend({ intent: z.literal("disqualify-confirm") }),
  z.object({ intent: z.literal("reinstate") }),
  z.object({ intent: z.literal("withdraw-show") }),
  z.object({ intent: z.literal("refund") }),
  // The admin's decision on a place that names the writer (ADR 0034); "-all-" = every waiting one.
  z.object({ intent: z.literal("redact-hit"), hitId: z.string().min(1).max(64) }),
  z.object({ intent: z.literal("clear-hit"), hitId: z.string().min(1).max(64) }),
  z.object({ intent: z.literal("redact-all-hits") }),
  z.object({ intent: z.literal("clear-all-hits") }),
  z.object({
    intent: z.literal("move-division"),
    divisionId: z.string({ required_error: "Choose a division" }).max(64),
    note: z
      .string({ required_error: "Please say why the entry moves" })
      .trim()
      .min(3, "Please say why the entry moves")
      .max(1000, "The note must be at most 1000 characters"),
  }),
]);

type ActionData = {
  /** The move form's answer, kept apart from the disqualify form's. */
  form?: "move";
  result: SubmissionResult<string[]>;
  confirm?: { reason: string; unscored: number };
};

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const id = params.id ?? "";
  const submission = parseWithZod(await readForm(request), { schema: actionSchema });
  if (submission.status !== "success") {
    return data<ActionData>(
      {
        result: submission.reply(),
        ...(submission.payload.intent === "move-division" ? { form: "move" as const } : {}),
      },
      { status: submission.status ? 400 : 200 },
    );
  }
  const here = `/admin/submissions/${id}`;
  const value = submission.value;
  if (
    value.intent === "redact-hit" ||
    value.intent === "clear-hit" ||
    value.intent === "redact-all-hits" ||
    value.intent === "clear-all-hits"
  ) {
    const decision = value.intent.startsWith("redact") ? "redacted" : "cleared";
    try {
      if (!(await getAdminSubmission(id))) throw notFound();
      await decideIdentityHits({
        submissionId: id,
        hitId: "hitId" in value ? value.hitId : null,
        decision,
        adminId: admin.id,
      });
    } catch (error) {
      return answerRefusal(error, { redirectTo: here });
    }
    const all = !("hitId" in value);
    return redirectWithToast(here, {
      type: "success",
      title: decision === "redacted" ? "Removed for judges" : "Kept",
      description:
        decision === "redacted"
          ? `Judges read "[removed]" in place of ${all ? "those passages" : "that passage"}.`
          : `Judges read ${all ? "those places" : "that place"} as the writer wrote it.`,
    });
  }
  if (value.intent === "move-division") {
    let moved;
    try {
      moved = await moveToDivision({
        submissionId: id,
        toDivisionId: value.divisionId,
        note: value.note,
        movedById: admin.id,
      });
    } catch (error) {
      return answerRefusal(error, { reply: submission, extra: { form: "move" as const } });
    }
    if (!moved) throw notFound();
    return redirectWithToast(here, {
      type: "success",
      title: "Entry moved",
      description: `It is now in "${moved}". The move and your note are in its history.`,
    });
  }
  if (value.intent === "refund") {
    // Stripe first, then the entry is withdrawn and the entrant told (docs/decisions/0020-payments.md).
    let refunded;
    try {
      if (!(await getAdminSubmission(id))) throw notFound();
      refunded = await refundEntry(id);
    } catch (error) {
      return answerRefusal(error, { redirectTo: here });
    }
    return redirectWithToast(here, {
      type: "success",
      title: "Entry fee refunded",
      description:
        "invoiceLine" in refunded
          ? `${refunded.amount} is taken off the school's invoice; the entry is withdrawn.`
          : `${refunded.amount} is on its way back; the entry is withdrawn and the entrant has been told.`,
    });
  }
  if (value.intent === "withdraw-show") {
    if (!(await getAdminSubmission(id))) throw notFound();
    await withdrawShowPermission(id, { role: "admin", userId: admin.id });
    return redirectWithToast(here, { type: "success", title: "“May be shown” withdrawn" });
  }
  if (value.intent === "reinstate") {
    try {
      if (!(await reinstateSubmission(id))) throw notFound();
    } catch (error) {
      return answerRefusal(error, { redirectTo: here });
    }
    return redirectWithToast(here, {
      type: "success",
      title: "Submission reinstated",
      description: "It is submitted again and can be judged; run auto-assign to give it judges.",
    });
  }
  if (value.intent === "disqualify") {
    const s = await getAdminSubmission(id);
    if (!s) throw notFound();
    if (!canTransition(s.status, "disqualify")) {
      return data<ActionData>(
        {
          result: submission.reply({ formErrors: ["Only a submitted entry can be disqualified."] }),
        },
        { status: 409 },
      );
    }
    return data<ActionData>({
      result: submission.reply(),
      confirm: { reason: value.reason, unscored: await countUnscoredAssignments(id) },
    });
  }
  try {
    if (!(await disqualifySubmission(id, value.reason))) throw notFound();
  } catch (error) {
    return answerRefusal(error, { reply: submission, status: 409 });
  }
  return redirectWithToast(here, {
    type: "success",
    title: "Submission disqualified",
    description: "The entrant can read the reason on their dashboard.",
  });
}

export default function AdminSubmission() {
  const {
    submission: s,
    canDisqualify,
    payment,
    confirmRefund,
    division,
    divisions,
    moves,
    recusals,
    hits,
    documentText,
    show,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const confirm = canDisqualify ? actionData?.confirm : undefined;
  const resetKey = useResetKey(actionData);
  return (
    <div>
      <SubmissionHeader
        backTo="/admin/submissions"
        backLabel="All submissions"
        title={s.title}
        status={s.status}
        titleClassName="text-2xl"
      />
      <AdminEntryFacts
        entry={s}
        division={divisions.length ? (division?.name ?? "None") : null}
        payment={payment}
        confirmRefund={confirmRefund}
      />
      <ShowPermissionSection show={show} who="admin" />
      {s.mentionsEntrant ? (
        <Alert variant="warning" className="mt-4" title={ENTRY_MESSAGES.mentionsEntrant}>
          {ENTRY_MESSAGES.mentionsEntrantDetail}{" "}
          {hits.length ? (
            <a href="#identity" className="underline">
              See where, and decide
            </a>
          ) : null}
        </Alert>
      ) : null}
      {s.status === "disqualified" ? (
        <Alert variant="destructive" className="mt-4" title="Disqualified">
          <p>Reason: {s.disqualifyReason}</p>
          <Form method="post" className="mt-2">
            <input type="hidden" name="intent" value="reinstate" />
            <Button type="submit" variant="outline" size="sm">
              Reinstate
            </Button>
          </Form>
        </Alert>
      ) : null}

      {hits.length ? <IdentityHitsSection hits={hits} canDisqualify={canDisqualify} /> : null}

      {s.hasFile ? (
        <SubmissionFileCard id={s.id} title="File" fileName={s.fileName} fileSize={s.fileSize} />
      ) : null}
      {documentText ? <DocumentText text={documentText.text} spans={documentText.spans} /> : null}
      <Card className="mt-6">
        <CardHeader>
          <CardTitle>Text preview</CardTitle>
        </CardHeader>
        <CardContent>
          {s.body ? (
            <StoryText>{s.body}</StoryText>
          ) : (
            <p className="text-slate-600">
              {s.hasFile
                ? documentText
                  ? "This entry was sent as a file; download it above, or read its text above."
                  : "This entry was sent as a file; download it above."
                : (s.contentRemoved ?? "No content available")}
            </p>
          )}
        </CardContent>
      </Card>
      {recusals.length ? <EntryRecusals recusals={recusals} /> : null}

      {divisions.length ? (
        <DivisionMoveSection
          division={division}
          divisions={divisions}
          moves={moves}
          resetKey={resetKey}
          lastResult={actionData?.form === "move" ? actionData.result : null}
        />
      ) : null}

      {canDisqualify ? (
        <DisqualifySection
          entry={{ id: s.id, title: s.title }}
          confirm={confirm}
          resetKey={resetKey}
          lastResult={actionData?.form ? null : (actionData?.result ?? null)}
        />
      ) : null}
    </div>
  );
}
