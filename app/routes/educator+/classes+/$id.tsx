/**
 * /educator/classes/:id (docs/decisions/0031-classrooms-and-shared-computers.md): one class of
 * the signed-in educator: the roster (add, edit, remove a pupil without entries, link a roster
 * row to a pupil who joined with the code) and the join code (open, close, new code, places
 * left). Another educator's class is a 404.
 */
import { parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AddPupilForm, PupilActions } from "~/components/classrooms/roster";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { DataTable, EmptyState } from "~/components/ui/data-table";
import {
  addPupil,
  classWithRoster,
  editPupil,
  keepPupil,
  linkPupil,
  removePupil,
  renewJoinCode,
  setJoinOpen,
} from "~/features/classrooms/classes.server";
import { classActionSchema } from "~/features/classrooms/classroom-schemas";
import {
  ownClassroom,
  pupilName,
  requireEducator,
} from "~/features/classrooms/educator-access.server";
import { gradeLabel } from "~/features/classrooms/roster";
import { CONSENT_LABELS } from "~/features/classrooms/pupil-consent";
import { answerRefusal } from "~/utils/action.server";
import { DEFAULT_TIME_ZONE, formatDate } from "~/utils/dates";
import { env, siteOrigin } from "~/utils/env.server";
import { readForm } from "~/utils/form-body.server";
import { redirectWithToast } from "~/utils/toast.server";
import { useResetKey } from "~/utils/use-reset-key";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.classroom.name ?? "Class"} · My classes · Inkwell` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requireEducator(request);
  const { classroom, pupils, joined, placesLeft, toMatch } = await classWithRoster(
    user.id,
    params.id ?? "",
  );
  const timeZone = env().SITE_TIME_ZONE ?? DEFAULT_TIME_ZONE;
  return {
    classroom: {
      id: classroom.id,
      name: classroom.name,
      band: classroom.band,
      size: classroom.size,
      joinCode: classroom.joinCode,
      joinOpen: classroom.joinOpen,
    },
    joinUrl: `${siteOrigin()}/join/${classroom.joinCode}`,
    joined,
    placesLeft,
    toMatch,
    pupils: pupils.map((p) => ({
      id: p.id,
      name: pupilName(p),
      firstName: p.firstName,
      lastInitial: p.lastInitial,
      grade: gradeLabel(p.grade),
      parentEmail: p.parentEmail ?? "",
      account: p.userId !== null,
      consent: CONSENT_LABELS[p.consent],
      waiting: p.consent === "awaiting-parent",
      joinedByCode: p.joinedAt !== null,
      joined: p.joinedAt ? formatDate(p.joinedAt, timeZone) : "",
      matchPending: p.matchPending,
      entries: p.entries,
    })),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user } = await requireEducator(request);
  const classroom = await ownClassroom(user.id, params.id ?? "");
  const here = `/educator/classes/${classroom.id}`;
  const submission = parseWithZod(await readForm(request), { schema: classActionSchema });
  if (submission.status !== "success") {
    const intent = submission.payload.intent;
    if (intent === "add-pupil" || intent === "edit-pupil")
      return data(
        {
          form: intent,
          pupilId: String(submission.payload.pupilId ?? ""),
          result: submission.reply(),
        },
        { status: 400 },
      );
    return redirectWithToast(here, {
      type: "error",
      title: "Error",
      description: intent === "link-pupil" ? "Choose the pupil who joined." : "Choose a pupil.",
    });
  }
  const value = submission.value;
  const pupil = (v: {
    firstName: string;
    lastInitial: string;
    grade: number | null;
    parentEmail?: string;
  }) => ({
    firstName: v.firstName,
    lastInitial: v.lastInitial,
    grade: v.grade,
    parentEmail: v.parentEmail ?? null,
  });
  if (value.intent === "add-pupil" || value.intent === "edit-pupil") {
    const extra = {
      form: value.intent,
      pupilId: value.intent === "edit-pupil" ? value.pupilId : "",
    };
    try {
      const saved =
        value.intent === "add-pupil"
          ? await addPupil(user.id, classroom.id, pupil(value))
          : await editPupil(user.id, value.pupilId, pupil(value));
      return redirectWithToast(here, {
        type: "success",
        title: `${pupilName(saved)} ${value.intent === "add-pupil" ? "added" : "saved"}`,
      });
    } catch (error) {
      return answerRefusal(error, { reply: submission, extra });
    }
  }
  try {
    switch (value.intent) {
      case "remove-pupil": {
        const removed = await removePupil(user.id, value.pupilId);
        return redirectWithToast(here, { type: "success", title: `${removed.name} removed` });
      }
      case "link-pupil": {
        const linked = await linkPupil(user.id, value.pupilId, value.joinedId);
        return redirectWithToast(here, {
          type: "success",
          title: `${linked.name} linked`,
          description: `${linked.joined}'s account is now on this roster row.`,
        });
      }
      case "keep-pupil": {
        const kept = await keepPupil(user.id, value.pupilId);
        return redirectWithToast(here, {
          type: "success",
          title: `${kept.name} kept as a new pupil`,
        });
      }
      case "open-code":
      case "close-code":
        await setJoinOpen(user.id, classroom.id, value.intent === "open-code");
        return redirectWithToast(here, {
          type: "success",
          title: value.intent === "open-code" ? "Join code open" : "Join code closed",
        });
      case "new-code": {
        const { joinCode } = await renewJoinCode(user.id, classroom.id);
        return redirectWithToast(here, {
          type: "success",
          title: `New join code: ${joinCode}`,
          description: "The old code no longer works.",
        });
      }
    }
  } catch (error) {
    return answerRefusal(error, { redirectTo: here });
  }
}

export default function ClassPage() {
  const { classroom, joinUrl, joined, placesLeft, toMatch, pupils } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const resetKey = useResetKey(actionData);
  // The errors of a refused edit, shown on that pupil's row.
  const editErrors = (pupilId: string) =>
    actionData &&
    "pupilId" in actionData &&
    actionData.pupilId === pupilId &&
    actionData.form === "edit-pupil"
      ? actionData.result.error
      : undefined;
  const joinedPupils = pupils.filter((p) => p.joinedByCode);
  const waitingCount = pupils.filter((p) => p.waiting).length;
  return (
    <div className="mx-auto max-w-5xl space-y-8 px-4 py-8">
      <div>
        <Link to="/educator" className="text-base underline">
          ← My classes
        </Link>
        <h1 className="mt-2 font-serif text-3xl font-bold">
          <bdi>{classroom.name}</bdi>
        </h1>
        <p className="text-base text-slate-700">
          <bdi>{classroom.band}</bdi> · class size {classroom.size}
        </p>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Join code</CardTitle>
        </CardHeader>
        <CardContent className="space-y-3">
          <p className="text-base">
            Code{" "}
            <strong className="font-mono text-xl" data-testid="join-code">
              {classroom.joinCode}
            </strong>{" "}
            {classroom.joinOpen ? (
              <Badge variant="success">Open</Badge>
            ) : (
              <Badge variant="secondary">Closed</Badge>
            )}
          </p>
          <p className="break-all text-base">
            Link: <span className="font-mono">{joinUrl}</span>
          </p>
          <p className="text-base text-slate-700">
            {joined} joined with the code; {placesLeft} of {classroom.size} places left.
          </p>
          <Form method="post" className="flex flex-wrap gap-3">
            <Button
              type="submit"
              name="intent"
              value={classroom.joinOpen ? "close-code" : "open-code"}
              variant="outline"
            >
              {classroom.joinOpen ? "Close the code" : "Open the code"}
            </Button>
            <Button type="submit" name="intent" value="new-code" variant="outline">
              New code
            </Button>
          </Form>
        </CardContent>
      </Card>

      <p className="flex flex-wrap gap-4 text-base">
        <Link to={`/educator/classes/${classroom.id}/contests`} className="font-medium underline">
          Contests: enter pupils, pay, see results
        </Link>
        <Link to={`/educator/classes/${classroom.id}/import`} className="underline">
          Import a class list (CSV)
        </Link>
        <Link to={`/educator/classes/${classroom.id}/consent`} className="underline">
          Parental permission
        </Link>
      </p>

      <section aria-labelledby="roster-heading">
        <h2 id="roster-heading" className="text-xl font-semibold">
          Roster ({pupils.length})
        </h2>
        {/* One consent rule for every pupil, visible before anyone is entered (ADR 0044). */}
        <p className="mt-2 text-base text-slate-700" data-testid="consent-rule">
          Before you enter a pupil, their entry needs one consent: a pupil with their own account
          who is 13 or over needs none; an under-13 with an account needs their parent&rsquo;s
          consent on that account, or your school&rsquo;s permission; a pupil without an account
          needs your school&rsquo;s permission. You confirm the school&rsquo;s permission once per
          contest, on the entry form or on the{" "}
          <Link to={`/educator/classes/${classroom.id}/consent`} className="underline">
            parental permission page
          </Link>
          .
          {waitingCount > 0
            ? ` ${waitingCount} ${waitingCount === 1 ? "pupil is" : "pupils are"} waiting for a parent's consent.`
            : ""}
        </p>
        {toMatch > 0 ? (
          <Alert variant="warning" title="Pupils to match" className="mt-4">
            {toMatch === 1
              ? "1 pupil who joined with the code is not matched to a row of your class list."
              : `${toMatch} pupils who joined with the code are not matched to a row of your class list.`}{" "}
            They are marked “Not matched” in the Account column below: link each to their row (“Link
            … to a pupil who joined”, on that row), or keep them as a new pupil.
          </Alert>
        ) : null}
        {pupils.length === 0 ? (
          <EmptyState className="mt-4 p-6">
            No pupils yet. Add them below or import a list.
          </EmptyState>
        ) : (
          <DataTable
            className="mt-4"
            columns={["Pupil", "Grade", "Parent e-mail", "Account", "Consent", "Joined", "Actions"]}
          >
            {pupils.map((p) => (
              <tr key={p.id} className="border-b border-slate-100 align-top">
                <td className="py-2 pr-4 font-medium">
                  <bdi>{p.name}</bdi>
                </td>
                <td className="py-2 pr-4">{p.grade}</td>
                <td className="py-2 pr-4 break-all">{p.parentEmail}</td>
                <td className="py-2 pr-4">
                  {p.account ? "account" : "roster only"}
                  {p.matchPending ? (
                    <>
                      {" "}
                      <Badge variant="outline">Not matched</Badge>
                    </>
                  ) : null}
                </td>
                <td className="py-2 pr-4">{p.consent}</td>
                <td className="py-2 pr-4">{p.joined}</td>
                <td className="py-2 pr-4">
                  <PupilActions pupil={p} joinedPupils={joinedPupils} errors={editErrors(p.id)} />
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>

      <AddPupilForm
        lastResult={actionData?.form === "add-pupil" ? actionData.result : undefined}
        resetKey={resetKey}
      />
    </div>
  );
}
