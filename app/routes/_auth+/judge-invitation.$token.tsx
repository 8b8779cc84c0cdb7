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
import { getOptionalUser, requireUser } from "~/features/accounts/auth.server";
import {
  acceptJudgeInvitation,
  findJudgeInvitation,
  InvitationRefused,
} from "~/features/judging/judges.server";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = () => [
  { title: "Accept the judge invitation · Inkwell" },
  { name: "robots", content: "noindex" },
];

const NO_REFERRER = { "Referrer-Policy": "no-referrer" };

/**
 * The one-time link sent to an existing account invited to judge (7 days). The role is given
 * only on the POST, by the account it was sent to, signed in: holding the inbox and the account
 * (docs/decisions/0025-accounts-and-tokens.md).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const [invitation, user] = await Promise.all([
    findJudgeInvitation(params.token ?? ""),
    getOptionalUser(request),
  ]);
  return data(
    {
      email: invitation?.email ?? null,
      signedIn: user ? (user.id === invitation?.userId ? "as-invited" : "other") : "no",
    } as const,
    { status: invitation ? 200 : 410, headers: NO_REFERRER },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  try {
    await acceptJudgeInvitation(params.token ?? "", user.id);
  } catch (error) {
    if (!(error instanceof InvitationRefused)) throw error;
    return redirectWithToast("/dashboard", {
      type: "error",
      title: "The invitation could not be accepted",
      description: error.message,
    });
  }
  return redirectWithToast("/judge", {
    type: "success",
    title: "You are now a judge",
    description: "Entries given to you will appear in your review queue.",
  });
}

export default function AcceptJudgeInvitation() {
  const { email, signedIn } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-center font-serif text-3xl font-bold">Accept the judge invitation</h1>
      {!email ? (
        <>
          <Alert variant="warning" className="mt-6" title="This link does not work any more">
            It has expired (links work for 7 days), was already used, or the invitation was
            withdrawn. Ask an Inkwell admin to send a new one.
          </Alert>
          <div className="mt-6 text-center">
            <ButtonLink to="/login">Go to Sign In</ButtonLink>
          </div>
        </>
      ) : signedIn === "as-invited" ? (
        <Card className="mt-6">
          <CardContent className="space-y-4 pt-5">
            <p className="text-base">
              An Inkwell admin has invited <strong className="break-all">{email}</strong> to judge.
              Judging is anonymous: you will never see who wrote an entry.
            </p>
            <Form method="post">
              <Button type="submit" className="w-full">
                Accept and become a judge
              </Button>
            </Form>
          </CardContent>
        </Card>
      ) : (
        <Card className="mt-6">
          <CardContent className="space-y-4 pt-5">
            <p className="text-base">
              This invitation is for <strong className="break-all">{email}</strong>.{" "}
              {signedIn === "other"
                ? "You are signed in with another account. Sign out, sign in with that account, then open the link in the e-mail again."
                : "Sign in with that account, then open the link in the e-mail again."}
            </p>
            <p className="text-base">
              Forgot the password? Choose a new one first; it signs out every other device.
            </p>
            <div className="flex flex-wrap gap-3">
              <ButtonLink to="/login?tab=signin">Sign In</ButtonLink>
              <ButtonLink to="/forgot-password" variant="outline">
                Forgot your password?
              </ButtonLink>
            </div>
          </CardContent>
        </Card>
      )}
    </div>
  );
}
