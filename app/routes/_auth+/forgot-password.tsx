import { readForm } from "~/utils/form-body.server";
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { forgotPasswordSchema } from "~/features/accounts/account-schemas";
import { requestPasswordReset } from "~/features/accounts/credentials.server";
import { clientAddress } from "~/features/accounts/auth.server";
import {
  consumeAccountMailRequest,
  tooManyRequestsMessage,
} from "~/features/accounts/rate-limit.server";
import { runDetached } from "~/utils/background.server";
import { Alert } from "~/components/ui/alert";
import { redirectWithToast } from "~/utils/toast.server";
import { useIsPending } from "~/utils/use-is-pending";

export const meta: MetaFunction = () => [{ title: "Forgot your password? · Inkwell" }];

export async function loader() {
  return null;
}

/**
 * Everyone gets the same answer at the same speed: the lookup and the e-mail happen after it
 * (docs/decisions/0025-accounts-and-tokens.md). Limited per client address here and per inbox
 * in requestPasswordReset.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: forgotPasswordSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, { status: submission.status ? 400 : 200 });
  }
  const wait = await consumeAccountMailRequest(clientAddress(context));
  if (wait > 0) {
    return data(
      { result: submission.reply({ formErrors: [tooManyRequestsMessage(wait)] }) },
      { status: 429 },
    );
  }
  const { email } = submission.value;
  runDetached("password reset e-mail", () => requestPasswordReset(email));
  return redirectWithToast("/login?tab=signin", {
    type: "info",
    title: "Check your e-mail",
    description: `If an account uses ${submission.value.email}, we have sent it a link to choose a new password. The link works for 1 hour.`,
  });
}

export default function ForgotPassword() {
  const actionData = useActionData<typeof action>();
  const sending = useIsPending();
  const [form, fields] = useForm({
    id: "forgot-password",
    lastResult: actionData?.result,
    constraint: getZodConstraint(forgotPasswordSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: forgotPasswordSchema }),
    shouldRevalidate: "onBlur",
  });
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-center font-serif text-3xl font-bold">Forgot your password?</h1>
      <p className="mt-2 text-center text-base text-slate-700">
        Type the e-mail address of your account. We will send you a link to choose a new password.
      </p>
      <Card className="mt-6">
        <CardContent className="pt-5">
          <Form method="post" {...getFormProps(form)} className="space-y-4">
            {form.errors?.length ? (
              <Alert variant="destructive" title="Please wait">
                {form.errors.join(" ")}
              </Alert>
            ) : null}
            <Field
              label="Email"
              autoComplete="email"
              errors={fields.email.errors}
              {...getInputProps(fields.email, { type: "email" })}
            />
            <Button type="submit" className="w-full" aria-busy={sending}>
              {sending ? "Sending…" : "Send me a link"}
            </Button>
          </Form>
        </CardContent>
      </Card>
      <p className="mt-6 text-center text-base">
        <Link to="/login?tab=signin" className="text-ink-700 underline">
          Back to Sign In
        </Link>
      </p>
    </div>
  );
}
