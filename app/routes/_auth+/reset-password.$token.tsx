import { readForm } from "~/utils/form-body.server";
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Alert } from "~/components/ui/alert";
import { Button, ButtonLink } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { resetPasswordSchema } from "~/features/accounts/account-schemas";
import { MIN_PASSWORD_LENGTH } from "~/features/accounts/auth-schemas";
import { resetPassword } from "~/features/accounts/credentials.server";
import { findToken, TOKEN_TYPES } from "~/features/accounts/one-time-tokens.server";
import { answerRefusal } from "~/utils/action.server";
import { redirectWithToast } from "~/utils/toast.server";
import { useIsPending } from "~/utils/use-is-pending";

export const meta: MetaFunction = () => [
  { title: "Choose a new password · Inkwell" },
  { name: "robots", content: "noindex" },
];

const NO_REFERRER = { "Referrer-Policy": "no-referrer" };

/** The one-time link from the reset e-mail (1 hour, single use). The token is the credential. */
export async function loader({ params }: LoaderFunctionArgs) {
  const link = await findToken(TOKEN_TYPES.passwordReset, params.token ?? "");
  return data({ valid: Boolean(link) }, { status: link ? 200 : 410, headers: NO_REFERRER });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: resetPasswordSchema });
  const hide = { hideFields: ["newPassword", "confirmPassword"] };
  if (submission.status !== "success") {
    return data({ result: submission.reply(hide) }, { status: submission.status ? 400 : 200 });
  }
  try {
    await resetPassword(params.token ?? "", submission.value.newPassword);
  } catch (error) {
    return answerRefusal(error, { reply: submission, status: 410 });
  }
  return redirectWithToast("/login?tab=signin", {
    type: "success",
    title: "Password changed",
    description: "Sign in with your new password. You have been signed out everywhere else.",
  });
}

export default function ResetPassword() {
  const { valid } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const saving = useIsPending();
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult: actionData?.result,
    constraint: getZodConstraint(resetPasswordSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetPasswordSchema }),
    shouldRevalidate: "onBlur",
  });
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-center font-serif text-3xl font-bold">Choose a new password</h1>
      {valid ? (
        <Card className="mt-6">
          <CardContent className="pt-5">
            <Form method="post" {...getFormProps(form)} className="space-y-4">
              {form.errors?.length ? (
                <Alert variant="destructive" title="That did not work">
                  {form.errors.join(" ")}
                </Alert>
              ) : null}
              <Field
                label="New password"
                autoComplete="new-password"
                hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
                errors={fields.newPassword.errors}
                {...getInputProps(fields.newPassword, { type: "password" })}
              />
              <Field
                label="Type it again"
                autoComplete="new-password"
                errors={fields.confirmPassword.errors}
                {...getInputProps(fields.confirmPassword, { type: "password" })}
              />
              <Button type="submit" className="w-full" aria-busy={saving}>
                {saving ? "Saving…" : "Save new password"}
              </Button>
            </Form>
          </CardContent>
        </Card>
      ) : (
        <>
          <Alert variant="warning" className="mt-6" title="This link does not work any more">
            It has expired (links work for 1 hour) or was already used. You can ask for a new one.
          </Alert>
          <div className="mt-6 text-center">
            <ButtonLink to="/forgot-password">Send me a new link</ButtonLink>
          </div>
        </>
      )}
    </div>
  );
}
