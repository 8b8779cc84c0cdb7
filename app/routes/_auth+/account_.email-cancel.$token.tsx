import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { cancelEmailChange } from "~/features/accounts/credentials.server";
import { findToken, TOKEN_TYPES } from "~/features/accounts/one-time-tokens.server";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = () => [
  { title: "Stop the e-mail change · Inkwell" },
  { name: "robots", content: "noindex" },
];

const NO_REFERRER = { "Referrer-Policy": "no-referrer" };

/**
 * The link sent to the old address (and a young writer's parent) when someone asks to change an
 * account's address. Opening it only shows a button; the POST stops the change
 * (docs/decisions/0025-accounts-and-tokens.md).
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const link = await findToken(TOKEN_TYPES.emailChangeCancel, params.token ?? "");
  return data({ email: link?.target ?? null }, { status: link ? 200 : 410, headers: NO_REFERRER });
}

export async function action({ params }: ActionFunctionArgs) {
  const done = await cancelEmailChange(params.token ?? "");
  if (!done)
    return redirectWithToast("/", {
      type: "error",
      title: "This link does not work any more",
      description: "It has expired or was already used.",
    });
  return redirectWithToast("/", {
    type: "success",
    title: "The change was stopped",
    description: `The account keeps ${done.email} and was signed out everywhere. Choose a new password with "Forgot your password?" on the Sign In page.`,
  });
}

export default function CancelEmailChange() {
  const { email } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-center font-serif text-3xl font-bold">Stop the e-mail change</h1>
      {email ? (
        <Card className="mt-6">
          <CardContent className="space-y-4 pt-5">
            <p className="text-base">
              The account <strong className="break-all">{email}</strong> will keep this address, and
              everyone signed in to it will be signed out.
            </p>
            <Form method="post">
              <Button type="submit" variant="destructive" className="w-full">
                Stop the change
              </Button>
            </Form>
          </CardContent>
        </Card>
      ) : (
        <Alert variant="warning" className="mt-6" title="This link does not work any more">
          It has expired (links work for 24 hours) or was already used.
        </Alert>
      )}
    </div>
  );
}
