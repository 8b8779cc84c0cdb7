/**
 * /educator/classes/:id/contests/:slug: a class's entries to one contest
 * (docs/decisions/0031-classrooms-and-shared-computers.md). Each pupil with their entries and
 * entries left and an "Add entry" link; the entries waiting for payment, chosen for one card
 * payment (a line per entry) or an invoice with the school's purchase-order reference.
 */
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { countTicked, payLabel, StartedPayments } from "~/components/classrooms/started-payments";
import { resumeOrRestart } from "./class-payment-resume.server";
import { z } from "zod";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { DataTable, EmptyState } from "~/components/ui/data-table";
import { ErrorList, Field } from "~/components/ui/field";
import { classContestRoster, contestSummary } from "~/features/classrooms/class-entries.server";
import { ownClassroom, requireEducator } from "~/features/classrooms/educator-access.server";
import { getPublishedContest } from "~/features/contests/public-contests.server";
import { openCopyFlags } from "~/features/originality/pairs.server";
import { groupReturnToast } from "~/features/lifecycle/payment-return.server";
import { tellGroupPayment } from "~/features/lifecycle/payment-mail.server";
import {
  GROUP_MESSAGES,
  invoiceGroup,
  startGroupCheckout,
} from "~/features/payments/group-checkout.server";
import { settleOpenGroups, startedGroups } from "~/features/payments/group-settlement.server";
import { answerRefusal } from "~/utils/action.server";
import { formatDateTime, formatDollars } from "~/utils/dates";
import { siteOrigin } from "~/utils/env.server";
import { readForm } from "~/utils/form-body.server";
import { notFound } from "~/utils/responses";
import { redirectWithToast } from "~/utils/toast.server";
import { useIsPending } from "~/utils/use-is-pending";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: data
      ? `${data.contest.title} · ${data.classroom.name} · Inkwell`
      : "Class entries · Inkwell",
  },
];

async function load(request: Request, classroomId: string, slug: string) {
  const access = await requireEducator(request);
  const classroom = await ownClassroom(access.educator.userId, classroomId);
  const contest = await getPublishedContest(slug);
  if (!contest) throw notFound("No such contest");
  return { access, classroom, contest };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { access, classroom, contest } = await load(request, params.id ?? "", params.slug ?? "");
  const here = `/educator/classes/${classroom.id}/contests/${contest.slug}`;
  const url = new URL(request.url);
  const groupId = url.searchParams.get("group");
  const result = url.searchParams.get("payment");
  if (groupId && result) {
    const toast = await groupReturnToast(access.user.id, groupId, result);
    if (toast) throw await redirectWithToast(here, toast);
    throw redirect(here);
  }
  // A checkout that expired (or was left) gives its entries back before they are listed.
  await settleOpenGroups(access.user.id, contest.id).catch((error) => {
    console.error(`could not settle the open class payments of ${access.user.id}`, error);
  });
  const [pupils, started] = await Promise.all([
    classContestRoster(classroom.id, contest),
    startedGroups(access.user.id, contest.id),
  ]);
  const approved = access.educator.status === "approved";
  // Entries an admin is checking as possible copies (ADR 0054): a flag, never the other entry.
  const flagged = await openCopyFlags(pupils.flatMap((p) => p.entries.map((e) => e.id)));
  return {
    classroom: { id: classroom.id, name: classroom.name },
    contest: contestSummary(contest),
    approved,
    // Payments started and not finished: each can be resumed or started again.
    started: started.map((g) => ({
      id: g.id,
      total: formatDollars(g.amountCents),
      entries: g.entries,
      codes: g.codes,
      at: formatDateTime(g.createdAt, contest.timeZone),
    })),
    pupils: pupils.map((p) => ({
      ...p,
      entries: p.entries.map((e) => ({ ...e, possibleCopy: flagged.has(e.id) })),
      canAdd: approved && p.canAdd,
      whyNot: !approved ? "Waiting for your educator account's approval." : p.whyNot,
    })),
  };
}

const entryIds = z.preprocess(
  (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
  z.array(z.string().max(40)).min(1, GROUP_MESSAGES.noneChosen).max(500),
);

const schema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("resume"), group: z.string().max(40) }),
  z.object({ intent: z.literal("restart"), group: z.string().max(40) }),
  z.object({
    intent: z.literal("pay"),
    entry: entryIds,
    code: z.string().trim().max(40).optional(),
  }),
  z.object({
    intent: z.literal("invoice"),
    entry: entryIds,
    code: z.string().trim().max(40).optional(),
    reference: z
      .string({ required_error: GROUP_MESSAGES.referenceNeeded })
      .trim()
      .min(1, GROUP_MESSAGES.referenceNeeded)
      .max(100),
  }),
]);

export async function action({ request, params }: ActionFunctionArgs) {
  const { access, classroom, contest } = await load(request, params.id ?? "", params.slug ?? "");
  const here = `/educator/classes/${classroom.id}/contests/${contest.slug}`;
  const submission = parseWithZod(await readForm(request), { schema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  // A payment started and not finished: back to its checkout, or started again (ADR 0044).
  if (submission.value.intent === "resume" || submission.value.intent === "restart")
    return resumeOrRestart(access.user.id, submission.value.intent, submission.value.group, here);
  const choice = {
    payerId: access.user.id,
    contestId: contest.id,
    submissionIds: submission.value.entry,
    code: submission.value.code || null,
  };
  const n = choice.submissionIds.length;
  const entries = `${n} ${n === 1 ? "entry" : "entries"}`;
  try {
    if (submission.value.intent === "invoice") {
      const { groupId } = await invoiceGroup({ ...choice, reference: submission.value.reference });
      // The invoice e-mail: the entries are submitted whether or not it goes out now.
      const mailed = await tellGroupPayment(groupId).then(
        () => true,
        (error) => {
          console.error(`invoice e-mail for group ${groupId} failed`, error);
          return false;
        },
      );
      return redirectWithToast(here, {
        type: mailed ? "success" : "warning",
        title: `Invoice made: ${entries} submitted`,
        description: mailed
          ? "The invoice is on its way to your e-mail."
          : "The entries are submitted, but the invoice e-mail could not be sent.",
      });
    }
    const start = await startGroupCheckout({ ...choice, origin: siteOrigin(), returnPath: here });
    if (start.kind === "waived")
      return redirectWithToast(here, {
        type: "success",
        title: `${entries} submitted`,
        description: "The code waives the fee.",
      });
    return redirect(start.url, 303);
  } catch (error) {
    return answerRefusal(error, { reply: submission });
  }
}

export default function ClassContest() {
  const { classroom, contest, approved, pupils, started } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const paying = useIsPending({ state: "submitting" });
  const [form, fields] = useForm({
    id: "pay",
    lastResult: actionData?.result ?? null,
    shouldValidate: "onSubmit",
  });
  const payable = pupils.flatMap((p) =>
    p.entries.filter((e) => e.payable).map((e) => ({ ...e, pupil: p.name })),
  );
  const fee = contest.feeCents > 0;
  // The button names the ticked entries: counted in the browser once the page is live, and
  // without JavaScript (or before) it says what is true whatever is ticked.
  const fieldsetRef = useRef<HTMLFieldSetElement | null>(null);
  const [ticked, setTicked] = useState<number | null>(null);
  useEffect(() => {
    if (fieldsetRef.current) setTicked(countTicked(fieldsetRef.current));
  }, [payable.length]);
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 text-base">
      <p>
        <Link to={`/educator/classes/${classroom.id}`} className="text-ink-700 underline">
          ← <bdi>{classroom.name}</bdi>
        </Link>{" "}
        ·{" "}
        <Link to={`/educator/classes/${classroom.id}/contests`} className="text-ink-700 underline">
          All contests
        </Link>{" "}
        ·{" "}
        <Link
          to={`/educator/classes/${classroom.id}/contests/${contest.slug}/results`}
          className="text-ink-700 underline"
        >
          Results and certificates
        </Link>
      </p>
      <h1 className="mt-2 break-words font-serif text-3xl font-bold">{contest.title}</h1>
      <p className="mt-2 text-slate-700">
        {classroom.name}: {fee ? `${formatDollars(contest.feeCents)} per entry` : "free to enter"},{" "}
        {contest.entriesPerWriter === 1
          ? "one entry per pupil."
          : `up to ${contest.entriesPerWriter} entries per pupil.`}{" "}
        {contest.phase === "open" ? null : "Submissions are not open now."}
      </p>
      {!approved ? (
        <Alert variant="info" title="Waiting for approval" className="mt-4">
          You can send entries once an administrator approves your educator account.
        </Alert>
      ) : null}

      <section aria-labelledby="pupils" className="mt-8">
        <h2 id="pupils" className="font-serif text-2xl font-bold">
          Pupils
        </h2>
        {pupils.length === 0 ? (
          <EmptyState className="mt-4 p-6">
            No pupils yet.{" "}
            <Link className="underline" to={`/educator/classes/${classroom.id}`}>
              Add them to the class
            </Link>
            .
          </EmptyState>
        ) : (
          <DataTable columns={["Pupil", "Entries", "Entries left", ""]} className="mt-4">
            {pupils.map((p) => (
              <tr key={p.id} className="border-b border-slate-100 align-top">
                <th scope="row" className="py-2 pr-4 font-medium">
                  <bdi>{p.name}</bdi>
                  {typeof p.division === "string" ? (
                    <span className="block text-sm font-normal text-slate-600">
                      Division: {p.division}
                    </span>
                  ) : p.division ? (
                    <span className="block text-sm font-normal text-amber-800">
                      {p.division.problem}
                    </span>
                  ) : null}
                  <span
                    className={`block text-sm font-normal ${p.consent.ready ? "text-slate-600" : "text-amber-800"}`}
                  >
                    Consent: {p.consent.label}
                  </span>
                </th>
                <td className="py-2 pr-4">
                  {p.entries.length === 0 ? (
                    "None yet"
                  ) : (
                    <ul className="space-y-1">
                      {p.entries.map((e) => (
                        <li key={e.id}>
                          <span className="break-words">“{e.title}”</span>, {e.words} words:{" "}
                          <strong>{e.status}</strong>
                          {e.possibleCopy ? (
                            <span className="ml-2 inline-block rounded border border-amber-700 px-1 text-sm text-amber-900">
                              ⚑ Possible copy: an administrator is checking it
                            </span>
                          ) : null}
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
                <td className="py-2 pr-4">{p.left}</td>
                <td className="py-2 pr-4">
                  {p.canAdd ? (
                    <Link
                      className="underline"
                      to={`/educator/classes/${classroom.id}/contests/${contest.slug}/enter/${p.id}`}
                    >
                      Add entry
                      <span className="sr-only">
                        {" "}
                        for <bdi>{p.name}</bdi>
                      </span>
                    </Link>
                  ) : (
                    <span className="text-slate-600">{p.whyNot}</span>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>

      {fee ? (
        <Card className="mt-8">
          <CardHeader>
            {/* CardTitle is the h2 itself: a heading inside a heading is taken apart by the
                browser's parser, the page then fails to hydrate and React renders it again,
                emptying a code typed meanwhile (the lost CLASSROOM50). */}
            <CardTitle>Pay for your class&rsquo;s entries</CardTitle>
          </CardHeader>
          <CardContent>
            <StartedPayments started={started} busy={paying} />
            {payable.length === 0 ? (
              <p>
                {started.length
                  ? "No other entries are waiting for payment."
                  : "No entries are waiting for payment."}
              </p>
            ) : (
              <Form method="post" {...getFormProps(form)} noValidate className="space-y-4">
                {form.errors?.length ? (
                  <Alert variant="destructive" title="Nothing was paid">
                    {form.errors.join(" ")}
                  </Alert>
                ) : null}
                <fieldset
                  className="space-y-2"
                  onChange={(e) => setTicked(countTicked(e.currentTarget))}
                  ref={(el) => {
                    fieldsetRef.current = el;
                  }}
                >
                  <legend className="font-medium">Entries waiting for payment</legend>
                  {payable.map((e) => (
                    <label key={e.id} className="flex items-start gap-2">
                      <input
                        type="checkbox"
                        name="entry"
                        value={e.id}
                        defaultChecked
                        className="mt-1 h-5 w-5 shrink-0"
                      />
                      <span>
                        “{e.title}” (<bdi>{e.pupil}</bdi>): {formatDollars(e.amountCents)}
                      </span>
                    </label>
                  ))}
                  <ErrorList id="entry-error" errors={fields.entry.errors} />
                </fieldset>
                <Field
                  label="School discount code (optional)"
                  errors={fields.code.errors}
                  {...getInputProps(fields.code, { type: "text" })}
                  autoComplete="off"
                />
                <div className="flex flex-wrap items-end gap-3">
                  <Button type="submit" name="intent" value="pay" disabled={paying}>
                    {payLabel(ticked)}
                  </Button>
                </div>
                <div className="space-y-2 border-t border-slate-200 pt-4">
                  <Field
                    label="Purchase-order reference (to pay by invoice)"
                    errors={fields.reference.errors}
                    {...getInputProps(fields.reference, { type: "text" })}
                    autoComplete="off"
                  />
                  <Button
                    type="submit"
                    name="intent"
                    value="invoice"
                    variant="outline"
                    disabled={paying}
                  >
                    Pay by invoice
                  </Button>
                  <p className="text-slate-700">
                    An invoice submits the chosen entries at once; the school pays the invoice
                    later.
                  </p>
                </div>
              </Form>
            )}
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}
