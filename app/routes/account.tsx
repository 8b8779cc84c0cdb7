import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { deleteAccountSchema, profileSchema } from "~/features/accounts/account-schemas";
import { deleteAccount, updateProfile } from "~/features/accounts/account.server";
import { requireUser } from "~/features/accounts/auth.server";
import { formatDate } from "~/utils/dates";
import { endSession } from "~/features/accounts/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { submitEligibility } from "~/features/accounts/user";
import { readForm } from "~/utils/form-body.server";

export const meta: MetaFunction = () => [{ title: "Your account · Inkwell" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return {
    user: {
      email: user.email,
      displayName: user.displayName,
      dateOfBirth: user.dateOfBirth ? formatDate(user.dateOfBirth, "UTC") : null,
      parentEmail: user.parentEmail,
      parentConsentAt: user.parentConsentAt ? formatDate(user.parentConsentAt, "UTC") : null,
    },
    eligibility: submitEligibility(user),
  };
}

type ActionData = { intent: "profile" | "delete"; result: SubmissionResult<string[]> };

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await readForm(request);
  if (formData.get("intent") === "delete") {
    const submission = parseWithZod(formData, {
      schema: deleteAccountSchema.refine((v) => v.confirmEmail.toLowerCase() === user.email, {
        path: ["confirmEmail"],
        message: "That is not the email address of this account",
      }),
    });
    if (submission.status !== "success")
      return data<ActionData>({ intent: "delete", result: submission.reply() }, { status: 400 });
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
  const submission = parseWithZod(formData, { schema: profileSchema });
  if (submission.status !== "success")
    return data<ActionData>({ intent: "profile", result: submission.reply() }, { status: 400 });
  await updateProfile(user.id, submission.value);
  return redirectWithToast("/account", { type: "success", title: "Profile updated" });
}

export default function AccountPage() {
  const { user, eligibility } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [profileForm, profile] = useForm({
    id: "profile",
    lastResult: actionData?.intent === "profile" ? actionData.result : undefined,
    defaultValue: { displayName: user.displayName, dateOfBirth: "", parentEmail: "" },
  });
  const [deleteForm, del] = useForm({
    id: "delete",
    lastResult: actionData?.intent === "delete" ? actionData.result : undefined,
  });

  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-10">
      <h1 className="font-serif text-3xl font-bold">Your account</h1>
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
            <dd>{user.email}</dd>
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
                  {user.parentEmail} —{" "}
                  {user.parentConsentAt ? `confirmed ${user.parentConsentAt}` : "not confirmed yet"}
                </dd>
              </>
            ) : null}
          </dl>
          <Form method="post" {...getFormProps(profileForm)} className="space-y-4">
            <input type="hidden" name="intent" value="profile" />
            <Field
              label="Display Name"
              errors={profile.displayName.errors}
              {...getInputProps(profile.displayName, { type: "text" })}
            />
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
