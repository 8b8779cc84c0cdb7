import { readForm } from "~/utils/form-body.server";
import { parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { consentAnswerSchema } from "~/features/accounts/account-schemas";
import { answerConsent, consentRequest } from "~/features/privacy/parental-consent.server";
import { answerRefusal } from "~/utils/action.server";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = () => [
  { title: "A parent's permission · Inkwell" },
  { name: "robots", content: "noindex" },
];

const NO_REFERRER = { "Referrer-Policy": "no-referrer" };

/** The parent's one-time link (14 days). Opening it shows the choice; the answer is a POST. */
export async function loader({ params }: LoaderFunctionArgs) {
  const found = await consentRequest(params.token ?? "");
  return data({ child: found }, { status: found ? 200 : 410, headers: NO_REFERRER });
}

export async function action({ request, params }: ActionFunctionArgs) {
  // The path goes back into a Location header: encoded, so any string is a valid header; an
  // ill-formed token is an unknown link (docs/decisions/0025-accounts-and-tokens.md).
  const token = params.token ?? "";
  const here = `/consent/${encodeURIComponent(token.slice(0, 200))}`;
  const submission = parseWithZod(await readForm(request), { schema: consentAnswerSchema });
  if (submission.status !== "success") {
    return redirectWithToast(here, { type: "error", title: "Please choose Agree or Decline" });
  }
  try {
    const outcome = await answerConsent(token, submission.value.answer);
    return redirectWithToast(
      "/",
      outcome === "agreed"
        ? {
            type: "success",
            title: "Thank you",
            description: "Your child can now send stories to Inkwell contests.",
          }
        : {
            type: "success",
            title: "The account has been deleted",
            description: "We have removed the account and everything in it.",
          },
    );
  } catch (error) {
    return answerRefusal(error, { redirectTo: here });
  }
}

export default function ParentalConsent() {
  const { child } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="font-serif text-3xl font-bold">A parent&apos;s permission</h1>
      {child ? (
        <Card className="mt-6">
          <CardHeader>
            <CardTitle className="break-words">
              {child.childName} ({child.childEmail}) would like to enter writing contests
            </CardTitle>
          </CardHeader>
          <CardContent className="space-y-4 text-base">
            <p>
              Inkwell runs writing contests for young writers. Because your child is under 13, they
              can look around but cannot send in a story until you agree.
            </p>
            <h2 className="font-semibold">What we keep, and why</h2>
            <ul className="list-disc space-y-1 pl-6">
              <li>
                Their name and e-mail address, to sign in and to tell them about their entries.
              </li>
              <li>Their date of birth, to know whether a parent must agree.</li>
              <li>
                The stories they send in, read by professional judges who never see who wrote them.
              </li>
              <li>
                Scores and judges&apos; comments, shown only to your child after the results are
                out.
              </li>
            </ul>
            <p>
              A winner&apos;s name and story are shown publicly only if the writer agrees when
              entering. We never sell data or show advertising. You can ask us to delete the account
              at any time.
            </p>
            <Form method="post" className="flex flex-wrap gap-3 pt-2">
              <Button type="submit" name="answer" value="agree">
                I agree
              </Button>
              <Button type="submit" name="answer" value="decline" variant="destructive">
                Decline and delete the account
              </Button>
            </Form>
          </CardContent>
        </Card>
      ) : (
        <Alert variant="warning" className="mt-6" title="This link does not work any more">
          It has expired (links work for 14 days) or was already used. Your child can send a new one
          from their dashboard.
        </Alert>
      )}
    </div>
  );
}
