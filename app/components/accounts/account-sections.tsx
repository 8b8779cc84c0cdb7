import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { EmailAddress } from "~/components/ui/email-address";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { Alert } from "~/components/ui/alert";
import { Button, buttonClass } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import {
  changeEmailSchema,
  changePasswordSchema,
  parentEmailSchema,
} from "~/features/accounts/account-schemas";
import { MIN_PASSWORD_LENGTH } from "~/features/accounts/auth-schemas";

type Result = SubmissionResult<string[]> | undefined;

/** Change password: the current one (when the account has one), the new one twice. */
export function ChangePasswordCard({
  lastResult,
  hasPassword,
}: {
  lastResult: Result;
  hasPassword: boolean;
}) {
  const [form, fields] = useForm({
    id: "change-password",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordSchema }),
    shouldRevalidate: "onBlur",
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>{hasPassword ? "Change your password" : "Add a password"}</CardTitle>
      </CardHeader>
      <CardContent>
        <p className="mb-4 text-base text-slate-700">
          {hasPassword
            ? "You stay signed in here; everywhere else you will be signed out."
            : "You sign in with Google. A password lets you sign in with your e-mail address too."}
        </p>
        <Form method="post" {...getFormProps(form)} className="space-y-4">
          <input type="hidden" name="intent" value="password" />
          {form.errors?.length ? (
            <Alert variant="destructive" title="That did not work">
              {form.errors.join(" ")}
            </Alert>
          ) : null}
          {hasPassword ? (
            <Field
              label="Current password"
              autoComplete="current-password"
              errors={fields.currentPassword.errors}
              {...getInputProps(fields.currentPassword, { type: "password" })}
            />
          ) : null}
          <Field
            label="New password"
            autoComplete="new-password"
            hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
            errors={fields.newPassword.errors}
            {...getInputProps(fields.newPassword, { type: "password" })}
          />
          <Field
            label="Type the new password again"
            autoComplete="new-password"
            errors={fields.confirmPassword.errors}
            {...getInputProps(fields.confirmPassword, { type: "password" })}
          />
          <Button type="submit">Save password</Button>
        </Form>
      </CardContent>
    </Card>
  );
}

/** Change e-mail: a link goes to the new address; nothing changes until it is used. */
export function ChangeEmailCard({
  lastResult,
  email,
  hasPassword,
}: {
  lastResult: Result;
  email: string;
  hasPassword: boolean;
}) {
  const [form, fields] = useForm({
    id: "change-email",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changeEmailSchema }),
    shouldRevalidate: "onBlur",
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Change your e-mail address</CardTitle>
      </CardHeader>
      <CardContent>
        <p className="mb-4 text-base text-slate-700">
          You use <EmailAddress as="strong" email={email} />. We will send a link to the new
          address; your account changes when you open it. We also tell your current address, so you
          can stop a change you did not ask for.
        </p>
        {hasPassword ? null : (
          <p className="mb-4 text-base text-slate-700">
            You sign in with Google: to keep your account safe, sign in again first if it has been
            more than 10 minutes.
          </p>
        )}
        <Form method="post" {...getFormProps(form)} className="space-y-4">
          <input type="hidden" name="intent" value="email" />
          {form.errors?.length ? (
            <Alert variant="destructive" title="That did not work">
              {form.errors.join(" ")}
            </Alert>
          ) : null}
          <Field
            label="New e-mail address"
            autoComplete="email"
            errors={fields.newEmail.errors}
            {...getInputProps(fields.newEmail, { type: "email" })}
          />
          {hasPassword ? (
            <Field
              label="Your password, to show it is you"
              autoComplete="current-password"
              errors={fields.currentPassword.errors}
              {...getInputProps(fields.currentPassword, { type: "password" })}
            />
          ) : null}
          <Button type="submit">Send the link</Button>
        </Form>
      </CardContent>
    </Card>
  );
}

/**
 * The parent has not agreed yet: say so, offer to send the e-mail again, and let the writer
 * correct a mistyped address (the old link then stops working; docs/decisions/0026-entry-flow.md).
 */
export function ConsentPendingNotice({
  parentEmail,
  lastResult,
}: {
  parentEmail: string;
  lastResult?: Result;
}) {
  const [form, fields] = useForm({
    id: "parent-email",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: parentEmailSchema }),
    shouldRevalidate: "onBlur",
  });
  return (
    <Alert variant="warning" title="A parent or guardian needs to agree">
      <p>
        Before you can send in a story, your parent or guardian must agree. We e-mailed{" "}
        <EmailAddress as="strong" email={parentEmail} /> a link. You can look around in the
        meantime.
      </p>
      <Form method="post" action="/account" className="mt-3">
        <input type="hidden" name="intent" value="resend-consent" />
        <Button type="submit" variant="outline" size="sm">
          Send the e-mail again
        </Button>
      </Form>
      <Form
        method="post"
        action="/account"
        {...getFormProps(form)}
        className="mt-4 space-y-2"
        noValidate
      >
        <input type="hidden" name="intent" value="parent-email" />
        <Field
          label="Wrong address? Type your parent's or guardian's e-mail"
          autoComplete="off"
          errors={fields.parentEmail.errors}
          {...getInputProps(fields.parentEmail, { type: "email" })}
        />
        <Button type="submit" variant="outline" size="sm">
          Change it and send the e-mail
        </Button>
      </Form>
    </Alert>
  );
}

/** Download my data: a zip with the profile, entries and released scores (JSON) and the uploaded files. */
export function DownloadDataCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your data</CardTitle>
      </CardHeader>
      <CardContent>
        <p className="mb-4 text-base text-slate-700">
          Download everything we keep about you in one zip file: your profile, your entries, the
          files you uploaded and, once results are out, the scores and comments they got.
        </p>
        <a href="/account/data" download className={buttonClass({ variant: "outline" })}>
          Download my data
        </a>
      </CardContent>
    </Card>
  );
}
