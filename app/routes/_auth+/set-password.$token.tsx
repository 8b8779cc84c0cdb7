import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { useIsPending } from "~/utils/use-is-pending";
import { Alert } from "~/components/ui/alert";
import { Button, ButtonLink } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { MIN_PASSWORD_LENGTH } from "~/features/accounts/auth-schemas";
import { findSetPasswordToken, setPasswordWithToken } from "~/features/judging/judges.server";
import { SET_PASSWORD_LINK_INVALID } from "~/features/judging/invitation";
import { answerRefusal } from "~/utils/action.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/form-body.server";

export const meta: MetaFunction = () => [
  { title: "Set your password · Inkwell" },
  { name: "robots", content: "noindex" },
];

const schema = z
  .object({
    password: z
      .string({ required_error: "Password is required" })
      .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
      .max(72, "Password must be at most 72 characters"),
    confirmPassword: z.string({ required_error: "Please repeat the password" }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "The passwords do not match",
  });

/** The one-time link from the judge invitation (7 days, single use). The token is the credential. */
export async function loader({ params }: LoaderFunctionArgs) {
  const found = await findSetPasswordToken(params.token ?? "");
  if (!found)
    return data({ email: null }, { status: 410, headers: { "Referrer-Policy": "no-referrer" } });
  return data({ email: found.email }, { headers: { "Referrer-Policy": "no-referrer" } });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") {
    return data(
      { result: submission.reply({ hideFields: ["password", "confirmPassword"] }) },
      { status: 400 },
    );
  }
  let done: { email: string };
  try {
    done = await setPasswordWithToken(params.token ?? "", submission.value.password);
  } catch (error) {
    return answerRefusal(error, {
      reply: submission,
      status: 410,
      hideFields: ["password", "confirmPassword"],
    });
  }
  return redirectWithToast(`/login?tab=signin`, {
    type: "success",
    title: "Password set",
    description: `You can now sign in as ${done.email}.`,
  });
}

export default function SetPassword() {
  const { email } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const submitting = useIsPending({ state: "submitting" });
  const [form, fields] = useForm({
    id: "set-password",
    lastResult: actionData?.result,
    constraint: getZodConstraint(schema),
  });
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-center font-serif text-3xl font-bold">Set your password</h1>
      {email ? (
        <>
          <p className="mt-2 text-center text-slate-600">Choose a password for {email}.</p>
          <Card className="mt-6">
            <CardContent className="pt-5">
              <Form method="post" {...getFormProps(form)} className="space-y-4">
                {form.errors?.length ? (
                  <Alert variant="destructive" title="Error">
                    {form.errors.join(" ")}
                  </Alert>
                ) : null}
                <Field
                  label="New password"
                  autoComplete="new-password"
                  hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
                  errors={fields.password.errors}
                  {...getInputProps(fields.password, { type: "password" })}
                />
                <Field
                  label="Repeat password"
                  autoComplete="new-password"
                  errors={fields.confirmPassword.errors}
                  {...getInputProps(fields.confirmPassword, { type: "password" })}
                />
                <Button type="submit" className="w-full" disabled={submitting}>
                  {submitting ? "Saving…" : "Set Password"}
                </Button>
              </Form>
            </CardContent>
          </Card>
        </>
      ) : (
        <>
          <Alert variant="warning" className="mt-6" title="Link not valid">
            {SET_PASSWORD_LINK_INVALID}
          </Alert>
          <div className="mt-6 text-center">
            <ButtonLink to="/login">Go to Sign In</ButtonLink>
          </div>
        </>
      )}
    </div>
  );
}
