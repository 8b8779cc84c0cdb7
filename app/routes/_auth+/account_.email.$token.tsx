import { EmailAddress } from "~/components/ui/email-address";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { Alert } from "~/components/ui/alert";
import { Button, ButtonLink } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { confirmEmailChange } from "~/features/accounts/credentials.server";
import { findToken, TOKEN_TYPES } from "~/features/accounts/one-time-tokens.server";
import { answerRefusal } from "~/utils/action.server";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = () => [
  { title: "Confirm your new e-mail address · Inkwell" },
  { name: "robots", content: "noindex" },
];

const NO_REFERRER = { "Referrer-Policy": "no-referrer" };

/**
 * The link sent to a new address. Opening it only shows a button: a mail scanner that follows
 * links must not change the account; the change happens on the POST.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const link = await findToken(TOKEN_TYPES.emailChange, params.token ?? "");
  return data({ email: link?.target ?? null }, { status: link ? 200 : 410, headers: NO_REFERRER });
}

export async function action({ params }: ActionFunctionArgs) {
  try {
    const { email } = await confirmEmailChange(params.token ?? "");
    return redirectWithToast("/account", {
      type: "success",
      title: "E-mail address changed",
      description: `Your account now uses ${email}.`,
    });
  } catch (error) {
    return answerRefusal(error, { redirectTo: "/account" });
  }
}

export default function ConfirmEmail() {
  const { email } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-center font-serif text-3xl font-bold">Confirm your new e-mail address</h1>
      {email ? (
        <Card className="mt-6">
          <CardContent className="space-y-4 pt-5">
            <p className="text-base">
              Your Inkwell account will use <EmailAddress as="strong" email={email} /> from now on,
              for signing in and for every e-mail we send.
            </p>
            <Form method="post">
              <Button type="submit" className="w-full">
                Use this address
              </Button>
            </Form>
          </CardContent>
        </Card>
      ) : (
        <>
          <Alert variant="warning" className="mt-6" title="This link does not work any more">
            It has expired (links work for 24 hours) or was already used. You can ask for a new one
            on your account page.
          </Alert>
          <div className="mt-6 text-center">
            <ButtonLink to="/account">Go to your account</ButtonLink>
          </div>
        </>
      )}
    </div>
  );
}
