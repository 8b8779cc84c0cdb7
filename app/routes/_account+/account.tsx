import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { EmailAddress } from "~/components/ui/email-address";
import { parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useResetKey } from "~/utils/use-reset-key";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { ErrorList, Field, inputClass } from "~/components/ui/field";
import {
  ChangeEmailCard,
  ChangePasswordCard,
  ConsentPendingNotice,
  DownloadDataCard,
} from "~/components/accounts/account-sections";
import {
  changeEmailSchema,
  changePasswordFields,
  deleteAccountSchema,
  parentEmailSchema,
  passwordMismatch,
  profileRules,
  profileFields,
  SCHOOL_GRADES,
} from "~/features/accounts/account-schemas";
import {
  changePassword,
  hasPassword,
  requestEmailChange,
} from "~/features/accounts/credentials.server";
import { changeParentEmail, sendConsentRequest } from "~/features/privacy/parental-consent.server";
import { updateProfile } from "~/features/accounts/account.server";
import { deleteAccount } from "~/features/privacy/account-deletion.server";
import { requireUser } from "~/features/accounts/auth.server";
import { formatDate } from "~/utils/dates";
import { endSession, getSessionId } from "~/features/accounts/session.server";
import { answerRefusal } from "~/utils/action.server";
import { DomainError } from "~/utils/domain-error";
import { z } from "zod";
import { redirectWithToast } from "~/utils/toast.server";
import { DISPLAY_NAME_HINT, submitEligibility } from "~/features/accounts/user";
import { readForm } from "~/utils/form-body.server";

export const meta: MetaFunction = () => [{ title: "Your account · Inkwell" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return {
    user: {
      email: user.email,
      displayName: user.displayName,
      dateOfBirth: user.dateOfBirth ? formatDate(user.dateOfBirth, "UTC") : null,
      grade: user.grade,
      parentEmail: user.parentEmail,
      parentConsentAt: user.parentConsentAt ? formatDate(user.parentConsentAt, "UTC") : null,
    },
    hasPassword: await hasPassword(user.id),
    eligibility: submitEligibility(user),
  };
}

type Intent = "profile" | "delete" | "password" | "email" | "parent-email";
type ActionData = { intent: Intent; result: SubmissionResult<string[]> };

const reply = (intent: Intent, result: SubmissionResult<string[]>, status = 400) =>
  data<ActionData>({ intent, result }, { status });

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const schema = z.discriminatedUnion("intent", [
    profileFields,
    deleteAccountSchema,
    changePasswordFields,
    changeEmailSchema,
    z.object({ intent: z.literal("resend-consent") }),
    parentEmailSchema,
  ]);
  const submission = parseWithZod(await readForm(request), {
    schema: schema.superRefine((v, ctx) => {
      if (v.intent === "profile") profileRules(v, ctx);
      if (v.intent === "password" && v.newPassword !== v.confirmPassword)
        ctx.addIssue({ code: "custom", ...passwordMismatch });
      if (v.intent === "delete" && v.confirmEmail.toLowerCase() !== user.email)
        ctx.addIssue({
          code: "custom",
          path: ["confirmEmail"],
          message: "That is not the email address of this account",
        });
    }),
  });
  const intent = String(submission.payload.intent ?? "profile") as Intent;
  const hidePasswords = { hideFields: ["currentPassword", "newPassword", "confirmPassword"] };
  if (submission.status !== "success") {
    const status = submission.status ? 400 : 200;
    return reply(
      intent,
      submission.reply(intent === "password" || intent === "email" ? hidePasswords : {}),
      status,
    );
  }
  const value = submission.value;
  try {
    switch (value.intent) {
      case "delete": {
        const cookie = await endSession(request);
        await deleteAccount(user.id);
        return redirectWithToast(
          "/",
          {
            type: "success",
            title: "Your account has been deleted",
            description: "We have removed your personal information.",
          },
          { headers: { "Set-Cookie": cookie } },
        );
      }
      case "password":
        await changePassword({
          userId: user.id,
          currentPassword: value.currentPassword,
          newPassword: value.newPassword,
          keepSessionId: await getSessionId(request),
        });
        return redirectWithToast("/account", {
          type: "success",
          title: "Password changed",
          description: "You have been signed out everywhere else.",
        });
      case "email":
        await requestEmailChange(user.id, value.newEmail, {
          currentPassword: value.currentPassword,
          sessionId: await getSessionId(request),
        });
        return redirectWithToast("/account", {
          type: "info",
          title: "Check your new inbox",
          description: `We sent a link to ${value.newEmail}. Your address changes when you open it.`,
        });
      case "resend-consent": {
        const { sent } = await sendConsentRequest(user.id, { resend: true });
        return redirectWithToast(
          "/dashboard",
          sent
            ? {
                type: "success",
                title: "E-mail sent",
                description: `We e-mailed ${user.parentEmail}.`,
              }
            : {
                type: "error",
                title: "The e-mail could not be sent",
                description: "Please try again later.",
              },
        );
      }
      case "parent-email": {
        const { sent, changed } = await changeParentEmail(user.id, value.parentEmail);
        return redirectWithToast(
          "/account",
          sent
            ? {
                type: "success",
                title: "E-mail sent",
                description: changed
                  ? `We e-mailed ${value.parentEmail}. The link sent to ${user.parentEmail} no longer works.`
                  : `We e-mailed ${value.parentEmail}.`,
              }
            : {
                type: "error",
                title: "The e-mail could not be sent",
                description: changed
                  ? "The address was changed. Please send the e-mail again later."
                  : "Please try again later.",
              },
        );
      }
      case "profile":
        await updateProfile(user.id, value);
        if (value.parentEmail && value.dateOfBirth) await sendConsentRequest(user.id);
        return redirectWithToast("/account", { type: "success", title: "Profile updated" });
    }
  } catch (error) {
    if (value.intent === "resend-consent")
      return answerRefusal(error, { redirectTo: "/dashboard" });
    if (value.intent === "parent-email" && !(error instanceof DomainError && error.field))
      return answerRefusal(error, { redirectTo: "/account" });
    const secret = intent === "password" || intent === "email";
    return answerRefusal(error, {
      reply: submission,
      extra: { intent },
      hideFields: secret ? hidePasswords.hideFields : undefined,
    });
  }
}

export default function AccountPage() {
  const { user, eligibility, hasPassword } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const resetKey = useResetKey(actionData);
  const [profileForm, profile] = useForm({
    id: `profile-${resetKey}`,
    lastResult: actionData?.intent === "profile" ? actionData.result : undefined,
    defaultValue: {
      displayName: user.displayName,
      dateOfBirth: "",
      parentEmail: "",
      grade: user.grade === null ? "" : String(user.grade),
    },
  });
  const [deleteForm, del] = useForm({
    id: "delete",
    lastResult: actionData?.intent === "delete" ? actionData.result : undefined,
  });

  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-10">
      <h1 className="font-serif text-3xl font-bold">Your account</h1>
      {!eligibility.ok && eligibility.reason === "awaiting-parental-consent" && user.parentEmail ? (
        <ConsentPendingNotice
          parentEmail={user.parentEmail}
          lastResult={actionData?.intent === "parent-email" ? actionData.result : undefined}
        />
      ) : null}
      {!eligibility.ok && eligibility.reason === "no-date-of-birth" ? (
        <Alert variant="warning" title="Add your date of birth">
          We need your date of birth before you can submit entries, so we know whether a parent or
          guardian must confirm your account.
        </Alert>
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle>Profile</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="mb-4 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="font-medium">Email</dt>
            <EmailAddress as="dd" email={user.email} />
            {user.dateOfBirth ? (
              <>
                <dt className="font-medium">Date of birth</dt>
                <dd>{user.dateOfBirth}</dd>
              </>
            ) : null}
            {user.parentEmail ? (
              <>
                <dt className="font-medium">Parent or guardian</dt>
                <dd>
                  <EmailAddress email={user.parentEmail} /> —{" "}
                  {user.parentConsentAt ? `confirmed ${user.parentConsentAt}` : "not confirmed yet"}
                </dd>
              </>
            ) : null}
          </dl>
          <Form method="post" {...getFormProps(profileForm)} key={resetKey} className="space-y-4">
            <input type="hidden" name="intent" value="profile" />
            <Field
              label="Display Name"
              hint={DISPLAY_NAME_HINT}
              errors={profile.displayName.errors}
              {...getInputProps(profile.displayName, { type: "text" })}
            />
            <div className="space-y-1">
              <label
                htmlFor={profile.grade.id}
                className="block text-base font-medium text-slate-800"
              >
                School grade
              </label>
              <select
                id={profile.grade.id}
                name={profile.grade.name}
                defaultValue={profile.grade.initialValue ?? ""}
                className={inputClass}
                aria-invalid={profile.grade.errors?.length ? true : undefined}
                aria-describedby={[
                  `${profile.grade.id}-hint`,
                  profile.grade.errors?.length ? profile.grade.errorId : "",
                ]
                  .filter(Boolean)
                  .join(" ")}
              >
                <option value="">Not given</option>
                {SCHOOL_GRADES.map((label, value) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
              <p id={`${profile.grade.id}-hint`} className="text-base text-slate-700">
                Some contests put writers in groups by school grade.
              </p>
              <ErrorList id={profile.grade.errorId} errors={profile.grade.errors} />
            </div>
            {!user.dateOfBirth ? (
              <>
                <Field
                  label="Date of birth"
                  errors={profile.dateOfBirth.errors}
                  {...getInputProps(profile.dateOfBirth, { type: "date" })}
                />
                <Field
                  label="Parent or guardian email"
                  hint="Required for writers under 13."
                  errors={profile.parentEmail.errors}
                  {...getInputProps(profile.parentEmail, { type: "email" })}
                />
              </>
            ) : null}
            <Button type="submit">Save profile</Button>
          </Form>
        </CardContent>
      </Card>
      <ChangeEmailCard
        email={user.email}
        hasPassword={hasPassword}
        lastResult={actionData?.intent === "email" ? actionData.result : undefined}
      />
      <ChangePasswordCard
        hasPassword={hasPassword}
        lastResult={actionData?.intent === "password" ? actionData.result : undefined}
      />
      <DownloadDataCard />
      <Card className="border-red-200">
        <CardHeader>
          <CardTitle>Delete account</CardTitle>
        </CardHeader>
        <CardContent>
          <p className="mb-4 text-sm text-slate-700">
            This removes your personal information and your entries in contests whose results are
            not out yet. Entries in contests with published results keep only their title. This
            cannot be undone.
          </p>
          <Form method="post" {...getFormProps(deleteForm)} className="space-y-4">
            <input type="hidden" name="intent" value="delete" />
            <Field
              label="Type your email address to confirm"
              autoComplete="off"
              errors={del.confirmEmail.errors}
              {...getInputProps(del.confirmEmail, { type: "text" })}
            />
            <Button type="submit" variant="destructive">
              Delete my account
            </Button>
          </Form>
        </CardContent>
      </Card>
    </div>
  );
}
