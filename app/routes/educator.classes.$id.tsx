/**
 * /educator/classes/:id (docs/decisions/0031-classrooms-and-shared-computers.md): one class of
 * the signed-in educator: the roster (add, edit, remove a pupil without entries, link a roster
 * row to a pupil who joined with the code) and the join code (open, close, new code, places
 * left). Another educator's class is a 404.
 */
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { z } from "zod";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { DataTable, EmptyState } from "~/components/ui/data-table";
import { ErrorList, Field, inputClass } from "~/components/ui/field";
import {
  addPupil,
  classWithRoster,
  editPupil,
  linkPupil,
  removePupil,
  renewJoinCode,
  setJoinOpen,
} from "~/features/classrooms/classes.server";
import { type addPupilSchema, classActionSchema } from "~/features/classrooms/classroom-schemas";
import {
  ownClassroom,
  pupilName,
  requireEducator,
} from "~/features/classrooms/educator-access.server";
import { gradeLabel } from "~/features/classrooms/roster";
import { refusalReply, refusalToast } from "~/utils/action.server";
import { DEFAULT_TIME_ZONE, formatDate } from "~/utils/dates";
import { env, siteOrigin } from "~/utils/env.server";
import { readForm } from "~/utils/form-body.server";
import { redirectWithToast } from "~/utils/toast.server";
import { useIsPending } from "~/utils/use-is-pending";
import { useResetKey } from "~/utils/use-reset-key";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.classroom.name ?? "Class"} · My classes · Inkwell` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requireEducator(request);
  const { classroom, pupils, joined, placesLeft } = await classWithRoster(user.id, params.id ?? "");
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
    pupils: pupils.map((p) => ({
      id: p.id,
      name: pupilName(p),
      firstName: p.firstName,
      lastInitial: p.lastInitial,
      grade: gradeLabel(p.grade),
      parentEmail: p.parentEmail ?? "",
      account: p.userId !== null,
      joinedByCode: p.joinedAt !== null,
      joined: p.joinedAt ? formatDate(p.joinedAt, timeZone) : "",
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
      return refusalReply(submission, error, 400, extra);
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
    return refusalToast(here, error);
  }
}

export default function ClassPage() {
  const { classroom, joinUrl, joined, placesLeft, pupils } = useLoaderData<typeof loader>();
  const joinedPupils = pupils.filter((p) => p.joinedByCode);
  return (
    <div className="mx-auto max-w-5xl space-y-8 px-4 py-8">
      <div>
        <Link to="/educator" className="text-base underline">
          ← My classes
        </Link>
        <h1 className="mt-2 font-serif text-3xl font-bold">{classroom.name}</h1>
        <p className="text-base text-slate-700">
          {classroom.band} · class size {classroom.size}
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
        {pupils.length === 0 ? (
          <EmptyState className="mt-4 p-6">
            No pupils yet. Add them below or import a list.
          </EmptyState>
        ) : (
          <DataTable
            className="mt-4"
            columns={["Pupil", "Grade", "Parent e-mail", "Account", "Joined", "Actions"]}
          >
            {pupils.map((p) => (
              <tr key={p.id} className="border-b border-slate-100 align-top">
                <td className="py-2 pr-4 font-medium">{p.name}</td>
                <td className="py-2 pr-4">{p.grade}</td>
                <td className="py-2 pr-4 break-all">{p.parentEmail}</td>
                <td className="py-2 pr-4">{p.account ? "account" : "roster only"}</td>
                <td className="py-2 pr-4">{p.joined}</td>
                <td className="py-2 pr-4">
                  <PupilActions pupil={p} joinedPupils={joinedPupils} />
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>

      <AddPupilForm />
    </div>
  );
}

type Pupil = ReturnType<typeof useLoaderData<typeof loader>>["pupils"][number];

function PupilActions({ pupil, joinedPupils }: { pupil: Pupil; joinedPupils: Pupil[] }) {
  const actionData = useActionData<typeof action>();
  const mine = actionData && "pupilId" in actionData && actionData.pupilId === pupil.id;
  const errors = mine && actionData.form === "edit-pupil" ? actionData.result.error : undefined;
  const formErrors = errors?.[""] ?? [];
  const candidates = joinedPupils.filter((j) => j.id !== pupil.id);
  return (
    <div className="flex flex-col gap-2">
      <details open={Boolean(errors)}>
        <summary className="cursor-pointer underline">Edit {pupil.name}</summary>
        <Form method="post" className="mt-2 grid gap-2">
          <input type="hidden" name="intent" value="edit-pupil" />
          <input type="hidden" name="pupilId" value={pupil.id} />
          <ErrorList errors={formErrors} />
          <Field
            label="First name"
            name="firstName"
            defaultValue={pupil.firstName}
            errors={errors?.firstName}
          />
          <Field
            label="Last initial"
            name="lastInitial"
            maxLength={2}
            defaultValue={pupil.lastInitial}
            errors={errors?.lastInitial}
          />
          <Field
            label="Grade (K or 1-12, optional)"
            name="grade"
            defaultValue={pupil.grade}
            errors={errors?.grade}
          />
          <Field
            label="Parent e-mail (optional)"
            name="parentEmail"
            type="email"
            defaultValue={pupil.parentEmail}
            errors={errors?.parentEmail}
          />
          <Button type="submit" size="sm">
            Save {pupil.name}
          </Button>
        </Form>
      </details>
      <Form method="post">
        <input type="hidden" name="pupilId" value={pupil.id} />
        <Button type="submit" name="intent" value="remove-pupil" variant="outline" size="sm">
          Remove {pupil.name}
        </Button>
      </Form>
      {!pupil.account && candidates.length > 0 ? (
        <Form method="post" className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="link-pupil" />
          <input type="hidden" name="pupilId" value={pupil.id} />
          <div>
            <label htmlFor={`link-${pupil.id}`} className="block text-sm font-medium">
              Link {pupil.name} to a pupil who joined
            </label>
            <select id={`link-${pupil.id}`} name="joinedId" className={inputClass}>
              {candidates.map((j) => (
                <option key={j.id} value={j.id}>
                  {j.name} (joined {j.joined})
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" variant="outline" size="sm">
            Link
          </Button>
        </Form>
      ) : null}
    </div>
  );
}

function AddPupilForm() {
  const actionData = useActionData<typeof action>();
  const resetKey = useResetKey(actionData);
  const busy = useIsPending({ state: "submitting", intent: "add-pupil" });
  const [form, fields] = useForm<z.input<typeof addPupilSchema>>({
    id: `pupil-${resetKey}`,
    lastResult: actionData?.form === "add-pupil" ? actionData.result : undefined,
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Add a pupil</CardTitle>
      </CardHeader>
      <CardContent>
        <Form
          method="post"
          {...getFormProps(form)}
          key={resetKey}
          className="grid gap-4 md:grid-cols-2"
        >
          <input type="hidden" name="intent" value="add-pupil" />
          {form.errors?.length ? (
            <Alert variant="destructive" title="Error" className="md:col-span-2">
              {form.errors.join(" ")}
            </Alert>
          ) : null}
          <Field
            label="First name"
            errors={fields.firstName.errors}
            {...getInputProps(fields.firstName, { type: "text" })}
          />
          <Field
            label="Last initial"
            hint="One letter: R for Mia Rossi."
            maxLength={2}
            errors={fields.lastInitial.errors}
            {...getInputProps(fields.lastInitial, { type: "text" })}
          />
          <Field
            label="Grade (optional)"
            hint="K or 1 to 12."
            errors={fields.grade.errors}
            {...getInputProps(fields.grade, { type: "text" })}
          />
          <Field
            label="Parent e-mail (optional)"
            hint="Only you see it."
            errors={fields.parentEmail.errors}
            {...getInputProps(fields.parentEmail, { type: "email" })}
          />
          <div className="md:col-span-2">
            <Button type="submit" disabled={busy}>
              {busy ? "Adding…" : "Add pupil"}
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}
