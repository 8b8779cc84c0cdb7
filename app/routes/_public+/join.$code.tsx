/**
 * /join/:code (docs/decisions/0031-classrooms-and-shared-computers.md, 0041-class-joining-at-
 * class-size.md): the class of an open join code, by its name alone. A visitor signs in or
 * creates an account and comes back here; a signed-in pupil gives their first name (and last
 * initial, if they like) and presses "Join": they take their roster row, choose it when the
 * match is unsure, or join as a new pupil. A code that is unknown or closed answers 404 with the
 * same words; an address that tries too many wrong codes waits (429) for every code alike.
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
import { Alert } from "~/components/ui/alert";
import { Button, ButtonLink } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { clientAddress, getOptionalUser, requireUser } from "~/features/accounts/auth.server";
import {
  joinCodeRetryAfter,
  recordWrongJoinCode,
  tooManyJoinCodesMessage,
} from "~/features/accounts/rate-limit.server";
import { joinSchema } from "~/features/classrooms/classroom-schemas";
import {
  ALREADY_IN,
  CLASS_FULL,
  CODE_NOT_OPEN,
  OWN_CLASS,
} from "~/features/classrooms/join-messages";
import {
  CodeNotOpen,
  isInClass,
  joinClass,
  openClassForCode,
} from "~/features/classrooms/join.server";
import { nameFromDisplayName } from "~/features/classrooms/roster";
import { DomainError } from "~/utils/domain-error";
import { readForm } from "~/utils/form-body.server";
import { redirectWithToast } from "~/utils/toast.server";
import { useIsPending } from "~/utils/use-is-pending";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.classroom ? `Join ${data.classroom.name} · Inkwell` : "Join a class · Inkwell" },
];

const closed = (message: string, status: number) =>
  data(
    {
      classroom: null,
      state: "closed" as const,
      back: "",
      message,
      suggested: { firstName: "", lastInitial: "" },
    },
    { status },
  );

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const address = clientAddress(context);
  const wait = await joinCodeRetryAfter(address);
  if (wait > 0) return closed(tooManyJoinCodesMessage(wait), 429);
  const code = params.code ?? "";
  const [user, classroom] = await Promise.all([getOptionalUser(request), openClassForCode(code)]);
  if (!classroom) {
    await recordWrongJoinCode(address);
    return closed(CODE_NOT_OPEN, 404);
  }
  const back = `/join/${encodeURIComponent(classroom.joinCode)}`;
  const state = !user
    ? classroom.placesLeft > 0
      ? ("visitor" as const)
      : ("full" as const)
    : classroom.educatorId === user.id
      ? ("own" as const)
      : (await isInClass(classroom.id, user.id))
        ? ("in" as const)
        : classroom.placesLeft > 0
          ? ("can-join" as const)
          : ("full" as const);
  return {
    classroom: { name: classroom.name, band: classroom.band, joinCode: classroom.joinCode },
    state,
    back,
    message: "",
    suggested: user ? nameFromDisplayName(user.displayName) : { firstName: "", lastInitial: "" },
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const address = clientAddress(context);
  const wait = await joinCodeRetryAfter(address);
  if (wait > 0) return data({ error: tooManyJoinCodesMessage(wait) }, { status: 429 });
  const code = params.code ?? "";
  const form = await readForm(request);
  // An unknown or closed code answers alike whatever the form says (and counts as a wrong try).
  if (!(await openClassForCode(code))) {
    await recordWrongJoinCode(address);
    return data({ error: CODE_NOT_OPEN }, { status: 404 });
  }
  const submission = parseWithZod(form, { schema: joinSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    const joined = await joinClass(code, user, submission.value);
    if (joined.outcome === "choose")
      return { choose: joined.candidates, typed: submission.value, result: submission.reply() };
    return redirectWithToast(`/join/${encodeURIComponent(code.trim().toUpperCase())}`, {
      type: "success",
      title: joined.outcome === "joined" ? `You joined ${joined.classroom.name}` : ALREADY_IN,
    });
  } catch (error) {
    if (error instanceof CodeNotOpen) {
      await recordWrongJoinCode(address);
      return data({ error: CODE_NOT_OPEN }, { status: 404 });
    }
    if (error instanceof DomainError) return data({ error: error.message }, { status: 400 });
    throw error;
  }
}

export default function JoinClass() {
  const { classroom, state, back, message } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-xl space-y-6 px-4 py-8">
      <h1 className="font-serif text-3xl font-bold">
        {classroom ? (
          <>
            Join <bdi>{classroom.name}</bdi>
          </>
        ) : (
          "Join a class"
        )}
      </h1>
      {actionData && "error" in actionData ? (
        <Alert variant="destructive" title="Error">
          {actionData.error}
        </Alert>
      ) : null}
      {!classroom ? (
        <Alert variant="warning">{message}</Alert>
      ) : (
        <Card>
          <CardContent className="space-y-4 pt-6">
            <p className="text-base">
              <strong>
                <bdi>{classroom.name}</bdi>
              </strong>{" "}
              (<bdi>{classroom.band}</bdi>)
            </p>
            {state === "visitor" ? (
              <div className="flex flex-wrap gap-3">
                <ButtonLink to={`/login?redirectTo=${encodeURIComponent(back)}`}>
                  Sign in
                </ButtonLink>
                <ButtonLink
                  to={`/login?tab=signup&redirectTo=${encodeURIComponent(back)}`}
                  variant="outline"
                >
                  Create an account
                </ButtonLink>
              </div>
            ) : state === "in" ? (
              <Alert variant="success">
                {ALREADY_IN}.{" "}
                <Link to="/dashboard" className="underline">
                  Go to your dashboard
                </Link>
              </Alert>
            ) : state === "own" ? (
              <Alert variant="info">{OWN_CLASS}</Alert>
            ) : state === "full" ? (
              <Alert variant="warning">{CLASS_FULL}</Alert>
            ) : (
              <JoinForm className={classroom.name} />
            )}
          </CardContent>
        </Card>
      )}
    </div>
  );
}

/** The pupil's name as the class list has it; then, when unsure, their row chosen from a list. */
function JoinForm({ className }: { className: string }) {
  const { suggested } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useIsPending({ state: "submitting" });
  const choose = actionData && "choose" in actionData ? actionData : null;
  const [form, fields] = useForm({
    id: "join",
    lastResult: actionData && "result" in actionData ? actionData.result : undefined,
    defaultValue: suggested,
    shouldRevalidate: "onBlur",
  });
  if (choose)
    return (
      <Form method="post" className="space-y-4">
        <input type="hidden" name="firstName" value={choose.typed.firstName} />
        <input type="hidden" name="lastInitial" value={choose.typed.lastInitial} />
        <fieldset className="space-y-2">
          <legend className="text-base font-medium text-slate-800">
            Which name on your class list is yours?
          </legend>
          {choose.choose.map((c, i) => (
            <label key={c.id} className="flex items-center gap-2 text-base">
              <input
                type="radio"
                name="choice"
                value={c.id}
                required
                defaultChecked={i === 0 && choose.choose.length === 1}
              />
              <bdi>{c.name}</bdi>
            </label>
          ))}
          <label className="flex items-center gap-2 text-base">
            <input type="radio" name="choice" value="none" required />
            None of these: I am not on the list
          </label>
        </fieldset>
        <Button type="submit" disabled={busy}>
          {busy ? "Joining…" : "Join"}
        </Button>
      </Form>
    );
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <p className="text-base text-slate-700">
        Your teacher sees this name on the class list. Use the name your teacher knows you by.
      </p>
      <Field
        label="Your first name"
        errors={fields.firstName.errors}
        autoComplete="given-name"
        {...getInputProps(fields.firstName, { type: "text" })}
      />
      <Field
        label="The first letter of your last name (optional)"
        hint="One letter, R for Rossi. It helps your teacher find you on the class list."
        maxLength={4}
        errors={fields.lastInitial.errors}
        {...getInputProps(fields.lastInitial, { type: "text" })}
      />
      <Button type="submit" disabled={busy}>
        {busy ? "Joining…" : `Join ${className}`}
      </Button>
    </Form>
  );
}
