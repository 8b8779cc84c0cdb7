/**
 * /join/:code (docs/decisions/0031-classrooms-and-shared-computers.md): the class of an open join
 * code, its teacher and school. A visitor signs in or creates an account and comes back here; a
 * signed-in pupil presses "Join" and is on the class's roster. A code that is unknown or closed
 * answers 404 with the same words.
 */
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
import { getOptionalUser, requireUser } from "~/features/accounts/auth.server";
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
import { DomainError } from "~/utils/domain-error";
import { readForm } from "~/utils/form-body.server";
import { redirectWithToast } from "~/utils/toast.server";
import { useIsPending } from "~/utils/use-is-pending";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.classroom ? `Join ${data.classroom.name} · Inkwell` : "Join a class · Inkwell" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const code = params.code ?? "";
  const [user, classroom] = await Promise.all([getOptionalUser(request), openClassForCode(code)]);
  if (!classroom)
    return data({ classroom: null, state: "closed" as const, back: "" }, { status: 404 });
  const back = `/join/${encodeURIComponent(classroom.joinCode)}`;
  const state = !user
    ? ("visitor" as const)
    : classroom.educatorId === user.id
      ? ("own" as const)
      : (await isInClass(classroom.id, user.id))
        ? ("in" as const)
        : classroom.placesLeft > 0
          ? ("can-join" as const)
          : ("full" as const);
  return {
    classroom: {
      name: classroom.name,
      band: classroom.band,
      teacher: classroom.teacher,
      school: classroom.school,
      joinCode: classroom.joinCode,
    },
    state,
    back,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  await readForm(request);
  const code = params.code ?? "";
  try {
    const { joined, classroom } = await joinClass(code, user);
    return redirectWithToast(`/join/${encodeURIComponent(code.trim().toUpperCase())}`, {
      type: "success",
      title: joined ? `You joined ${classroom.name}` : ALREADY_IN,
    });
  } catch (error) {
    if (error instanceof CodeNotOpen) return data({ error: CODE_NOT_OPEN }, { status: 404 });
    if (error instanceof DomainError) return data({ error: error.message }, { status: 400 });
    throw error;
  }
}

export default function JoinClass() {
  const { classroom, state, back } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useIsPending({ state: "submitting" });
  return (
    <div className="mx-auto max-w-xl space-y-6 px-4 py-8">
      <h1 className="font-serif text-3xl font-bold">
        {classroom ? `Join ${classroom.name}` : "Join a class"}
      </h1>
      {actionData?.error ? (
        <Alert variant="destructive" title="Error">
          {actionData.error}
        </Alert>
      ) : null}
      {!classroom ? (
        <Alert variant="warning">{CODE_NOT_OPEN}</Alert>
      ) : (
        <Card>
          <CardContent className="space-y-4 pt-6">
            <p className="text-base">
              <strong>{classroom.name}</strong> ({classroom.band}), with {classroom.teacher} at{" "}
              {classroom.school}.
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
              <Form method="post">
                <Button type="submit" disabled={busy}>
                  {busy ? "Joining…" : `Join ${classroom.name}`}
                </Button>
              </Form>
            )}
          </CardContent>
        </Card>
      )}
    </div>
  );
}
