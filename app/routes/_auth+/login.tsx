import { sendConsentRequest } from "~/features/privacy/parental-consent.server";
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { Field } from "~/components/ui/field";
import { signInSchema, signUpSchema } from "~/features/accounts/auth-schemas";
import {
  AuthorizationError,
  clientAddress,
  getAuthenticator,
  googleEnabled,
  requireAnonymous,
} from "~/features/accounts/auth.server";
import {
  consumeClassSignUp,
  consumeSignUp,
  tooManySignUpsMessage,
} from "~/features/accounts/rate-limit.server";
import { classSignUpRoom, joinCodeIn } from "~/features/classrooms/join-places.server";
import { CLASS_FULL } from "~/features/classrooms/join-messages";
import { startSession } from "~/features/accounts/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { DISPLAY_NAME_HINT, needsParentalConsent, safeRedirect } from "~/features/accounts/user";
import { createAccount, EmailTaken } from "~/features/accounts/users.server";
import { notifySignUpAttempt } from "~/features/accounts/credentials.server";
import { runDetached } from "~/utils/background.server";
import { readForm } from "~/utils/form-body.server";

import { useIsPending } from "~/utils/use-is-pending";

export const meta: MetaFunction = () => [{ title: "Sign in · Inkwell" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  // The Google button only when Google sign-in is configured (it would only fail otherwise).
  return { google: googleEnabled() };
}

type ActionData = { intent: "signin" | "signup"; result: SubmissionResult<string[]> };

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAnonymous(request);
  const formData = await readForm(request.clone());

  if (formData.get("intent") === "signup") {
    const submission = parseWithZod(formData, { schema: signUpSchema });
    if (submission.status !== "success") {
      return data<ActionData>(
        { intent: "signup", result: submission.reply({ hideFields: ["password"] }) },
        { status: 400 },
      );
    }
    // A pupil signing up to join a class (the way back is /join/<code>) is counted against the
    // class's free places, not the school's one address (docs/decisions/0031-classrooms-and-shared-computers.md).
    // A full class says so (docs/decisions/0041-class-joining-at-class-size.md).
    const joinCode = joinCodeIn(safeRedirect(formData.get("redirectTo"), "/"));
    const forCode = joinCode ? await classSignUpRoom(joinCode) : null;
    if (forCode?.full) {
      return data<ActionData>(
        {
          intent: "signup",
          result: submission.reply({ formErrors: [CLASS_FULL], hideFields: ["password"] }),
        },
        { status: 409 },
      );
    }
    const forClass = joinCode && forCode ? await consumeClassSignUp(joinCode, forCode.room) : false;
    const wait = forClass ? 0 : await consumeSignUp(clientAddress(context));
    if (wait > 0) {
      return data<ActionData>(
        {
          intent: "signup",
          result: submission.reply({
            formErrors: [tooManySignUpsMessage(wait)],
            hideFields: ["password"],
          }),
        },
        { status: 429 },
      );
    }
    const { website, intent: _intent, ...input } = submission.value;
    if (!website) {
      let account: { id: string } | null = null;
      try {
        account = await createAccount(input);
      } catch (error) {
        if (!(error instanceof EmailTaken)) {
          console.error("sign-up failed", error);
          return data<ActionData>(
            {
              intent: "signup",
              result: submission.reply({
                formErrors: ["Failed to sign up"],
                hideFields: ["password"],
              }),
            },
            { status: 400 },
          );
        }
        // A taken address gets the same answer; its owner is told by e-mail, after the answer
        // (docs/decisions/0025-accounts-and-tokens.md).
        runDetached("sign-up attempt e-mail", () => notifySignUpAttempt(input.email));
      }
      // After the answer too; a failed e-mail can be re-sent from the dashboard.
      const created = account;
      if (created && input.parentEmail)
        runDetached("consent e-mail", () => sendConsentRequest(created.id));
    }
    const underThirteen = needsParentalConsent(input.dateOfBirth);
    const back = safeRedirect(formData.get("redirectTo"), "");
    return redirectWithToast(back ? `/login?redirectTo=${encodeURIComponent(back)}` : "/login", {
      type: "success",
      title: "Account created!",
      description: underThirteen
        ? "You can now sign in with your credentials. We e-mailed your parent or guardian: they must agree before you can submit entries."
        : "You can now sign in with your credentials.",
    });
  }

  const submission = parseWithZod(formData, { schema: signInSchema });
  if (submission.status !== "success") {
    return data<ActionData>(
      { intent: "signin", result: submission.reply({ hideFields: ["password"] }) },
      { status: 400 },
    );
  }
  // Decided before the session exists: nothing after the password check can fail on it.
  const next = safeRedirect(submission.value.redirectTo);
  let userId: string;
  try {
    ({ userId } = await getAuthenticator().authenticate("form", request, { context }));
  } catch (error) {
    if (error instanceof Response) throw error;
    const message =
      error instanceof AuthorizationError && error.message ? error.message : "Failed to sign in";
    if (!(error instanceof AuthorizationError)) console.error("sign-in failed", error);
    return data<ActionData>(
      {
        intent: "signin",
        result: submission.reply({ formErrors: [message], hideFields: ["password"] }),
      },
      { status: 400 },
    );
  }
  const cookie = await startSession(request, userId);
  const headers = new Headers({ "Set-Cookie": cookie });
  return redirectWithToast(
    next,
    { type: "success", title: "Welcome back!", description: "You've successfully signed in." },
    { headers },
  );
}

export default function LoginPage() {
  const { google } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const tab = actionData?.intent ?? (searchParams.get("tab") === "signup" ? "signup" : "signin");
  const redirectTo = searchParams.get("redirectTo") ?? "";
  const busy = useIsPending();

  const [signInForm, signInFields] = useForm({
    id: "signin",
    lastResult: actionData?.intent === "signin" ? actionData.result : undefined,
    constraint: getZodConstraint(signInSchema),
  });
  const [signUpForm, signUpFields] = useForm({
    id: "signup",
    lastResult: actionData?.intent === "signup" ? actionData.result : undefined,
  });
  const [dob, setDob] = useState("");
  const showParent = !dob || needsParentalConsent(new Date(`${dob}T00:00:00Z`));

  const tabLink = (id: "signin" | "signup", label: string) => (
    <Link
      to={`/login?tab=${id}${redirectTo ? `&redirectTo=${encodeURIComponent(redirectTo)}` : ""}`}
      aria-current={tab === id ? "page" : undefined}
      className={cn(
        "flex-1 rounded-md px-3 py-2 text-center text-sm font-medium",
        tab === id ? "bg-white text-slate-900 shadow" : "text-slate-600 hover:text-slate-900",
      )}
    >
      {label}
    </Link>
  );

  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-center font-serif text-3xl font-bold">Welcome to Inkwell</h1>
      <p className="mt-2 text-center text-slate-600">
        Sign in to enter contests, or create an account.
      </p>
      <nav aria-label="Sign in or sign up" className="mt-8 flex gap-1 rounded-lg bg-slate-100 p-1">
        {tabLink("signin", "Sign In")}
        {tabLink("signup", "Sign Up")}
      </nav>
      <Card className="mt-4">
        <CardContent className="pt-5">
          {tab === "signin" ? (
            <Form method="post" {...getFormProps(signInForm)} key="signin" className="space-y-4">
              <input type="hidden" name="intent" value="signin" />
              <input type="hidden" name="redirectTo" value={redirectTo} />
              {signInForm.errors?.length ? (
                <Alert variant="destructive" title="Error">
                  {signInForm.errors.join(" ")}
                </Alert>
              ) : null}
              <Field
                label="Email"
                autoComplete="email"
                errors={signInFields.email.errors}
                {...getInputProps(signInFields.email, { type: "email" })}
              />
              <Field
                label="Password"
                autoComplete="current-password"
                errors={signInFields.password.errors}
                {...getInputProps(signInFields.password, { type: "password" })}
              />
              <p className="text-right text-base">
                <Link to="/forgot-password" className="text-ink-700 underline">
                  Forgot your password?
                </Link>
              </p>
              <Button type="submit" className="w-full" disabled={busy}>
                {busy ? "Signing in…" : "Sign In"}
              </Button>
            </Form>
          ) : (
            <Form method="post" {...getFormProps(signUpForm)} key="signup" className="space-y-4">
              <input type="hidden" name="intent" value="signup" />
              <input type="hidden" name="redirectTo" value={redirectTo} />
              {signUpForm.errors?.length ? (
                <Alert variant="destructive" title="Error">
                  {signUpForm.errors.join(" ")}
                </Alert>
              ) : null}
              <Field
                label="Email"
                autoComplete="email"
                required
                errors={signUpFields.email.errors}
                {...getInputProps(signUpFields.email, { type: "email" })}
              />
              <Field
                label="Password"
                autoComplete="new-password"
                hint="At least 6 characters."
                required
                errors={signUpFields.password.errors}
                {...getInputProps(signUpFields.password, { type: "password" })}
              />
              <Field
                label="Display Name (optional)"
                autoComplete="nickname"
                hint={`${DISPLAY_NAME_HINT} Leave it empty for a name like “Writer 4821”.`}
                errors={signUpFields.displayName.errors}
                {...getInputProps(signUpFields.displayName, { type: "text" })}
              />
              <Field
                label="Date of birth"
                autoComplete="bday"
                required
                errors={signUpFields.dateOfBirth.errors}
                {...getInputProps(signUpFields.dateOfBirth, { type: "date" })}
                onChange={(e) => setDob(e.currentTarget.value)}
              />
              {showParent ? (
                <Field
                  label="Parent or guardian email"
                  autoComplete="off"
                  hint="Required for writers under 13. We ask a parent or guardian to confirm the account before any entry is submitted."
                  errors={signUpFields.parentEmail.errors}
                  {...getInputProps(signUpFields.parentEmail, { type: "email" })}
                />
              ) : null}
              <div aria-hidden className="absolute -left-[9999px] h-0 w-0 overflow-hidden">
                <label htmlFor="signup-website">Website</label>
                <input
                  id="signup-website"
                  name="website"
                  type="text"
                  tabIndex={-1}
                  autoComplete="off"
                />
              </div>
              <Button type="submit" className="w-full" disabled={busy}>
                {busy ? "Creating account…" : "Sign Up"}
              </Button>
            </Form>
          )}
          {google ? (
            <>
              <div className="my-5 flex items-center gap-3 text-sm text-slate-500">
                <span className="h-px flex-1 bg-slate-200" /> or{" "}
                <span className="h-px flex-1 bg-slate-200" />
              </div>
              <Form method="post" action="/auth/google">
                <input type="hidden" name="redirectTo" value={redirectTo} />
                <Button type="submit" variant="outline" className="w-full">
                  Continue with Google
                </Button>
              </Form>
            </>
          ) : null}
        </CardContent>
      </Card>
      <p className="mt-4 text-center text-sm text-slate-600">
        By signing up you agree to our{" "}
        <Link to="/legal/terms" className="underline">
          Terms
        </Link>{" "}
        and{" "}
        <Link to="/legal/privacy" className="underline">
          Privacy Policy
        </Link>
        .
      </p>
    </div>
  );
}
