import { parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PanelAnswerForm } from "~/components/panel/panel-answer-form";
import { Alert } from "~/components/ui/alert";
import { ButtonLink } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { getOptionalUser } from "~/features/accounts/auth.server";
import { workWithSchools } from "~/features/panel/declarations";
import {
  answerPanelInvitation,
  findPanelInvitation,
  judgeDeclarations,
} from "~/features/panel/panel-invitation.server";
import { answerSchema } from "~/features/panel/panel-schema";
import { answerRefusal } from "~/utils/action.server";
import { formatDate } from "~/utils/dates";
import { readForm } from "~/utils/form-body.server";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = () => [
  { title: "Judge a contest · Inkwell" },
  { name: "robots", content: "noindex" },
];

const NO_REFERRER = { "Referrer-Policy": "no-referrer" };
const HIDDEN = ["password", "confirmPassword"];

/**
 * The one-time link inviting a judge to one contest's panel (docs/decisions/0033-judging-panel.md).
 * An account that can sign in answers only while signed in as itself (as judge-invitation.$token
 * does, docs/decisions/0025-accounts-and-tokens.md); a new account chooses its password here.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const [invitation, user] = await Promise.all([
    findPanelInvitation(params.token ?? ""),
    getOptionalUser(request),
  ]);
  if (!invitation) return data({ invitation: null }, { status: 410, headers: NO_REFERRER });
  const signedIn = user ? (user.id === invitation.userId ? "as-invited" : "other") : "no";
  const canAnswer = invitation.needsPassword || signedIn === "as-invited";
  return data(
    {
      invitation: {
        email: invitation.email,
        contestTitle: invitation.contest.title,
        judging: `${formatDate(invitation.contest.judgingOpen, invitation.contest.timeZone)} to ${formatDate(invitation.contest.judgingClose, invitation.contest.timeZone)}`,
        needsPassword: invitation.needsPassword,
        signedIn,
        canAnswer,
        // Only the invited account sees its own declarations again.
        defaults: canAnswer
          ? await judgeDeclarations(invitation.userId)
          : { ownSchool: "", workWith: "" },
      },
    } as const,
    { headers: NO_REFERRER },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const token = params.token ?? "";
  const [found, user, formData] = await Promise.all([
    findPanelInvitation(token),
    getOptionalUser(request),
    readForm(request),
  ]);
  const submission = parseWithZod(formData, {
    schema: answerSchema(found?.needsPassword ?? false),
  });
  if (submission.status !== "success")
    return data({ result: submission.reply({ hideFields: HIDDEN }) }, { status: 400 });
  const v = submission.value;
  const accept = v.intent === "accept";
  let done: Awaited<ReturnType<typeof answerPanelInvitation>>;
  try {
    done = await answerPanelInvitation({
      token,
      signedInUserId: user?.id ?? null,
      accept,
      password: v.password,
      declarations: {
        ownSchool: v.ownSchool ?? "",
        workWith: workWithSchools(v.workWith ?? "", v.ownSchool ?? ""),
      },
    });
  } catch (error) {
    return answerRefusal(error, {
      reply: submission,
      status: found ? 400 : 410,
      hideFields: HIDDEN,
    });
  }
  if (!accept)
    return redirectWithToast(user ? "/dashboard" : "/", {
      type: "success",
      title: "Invitation declined",
      description: `You will not judge ${done.contestTitle}.`,
    });
  if (done.newAccount)
    return redirectWithToast("/login?tab=signin", {
      type: "success",
      title: "Welcome to the panel",
      description: `Your password is set. Sign in as ${done.email} to see the entries given to you.`,
    });
  return redirectWithToast("/judge", {
    type: "success",
    title: "Welcome to the panel",
    description: `You judge ${done.contestTitle}. Entries given to you will appear in your review queue.`,
  });
}

export default function PanelInvitation() {
  const { invitation } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-center font-serif text-3xl font-bold">Judge a contest</h1>
      {!invitation ? (
        <>
          <Alert variant="warning" className="mt-6" title="This link does not work any more">
            It has expired (links work for 7 days), was already used, or the invitation was
            withdrawn. If you can sign in as a judge, your invitations wait on your judging page.
          </Alert>
          <div className="mt-6 text-center">
            <ButtonLink to="/login">Go to Sign In</ButtonLink>
          </div>
        </>
      ) : (
        <Card className="mt-6">
          <CardContent className="space-y-4 pt-5">
            <p className="text-base">
              An Inkwell admin has invited <strong className="break-all">{invitation.email}</strong>{" "}
              to judge <strong>{invitation.contestTitle}</strong>. Judging runs from{" "}
              {invitation.judging}. Judging is anonymous: you will never see who wrote an entry.
            </p>
            {invitation.canAnswer ? (
              <PanelAnswerForm
                formId="panel-answer"
                contestTitle={invitation.contestTitle}
                defaults={invitation.defaults}
                needsPassword={invitation.needsPassword}
                lastResult={actionData?.result}
              />
            ) : (
              <>
                <p className="text-base">
                  {invitation.signedIn === "other"
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
              </>
            )}
          </CardContent>
        </Card>
      )}
    </div>
  );
}
