/**
 * A parent's link to take back "may be shown" for their under-13 child's entry
 * (docs/decisions/0042-a-childs-words-and-name.md). Opening it shows the entry; the answer is a
 * POST; the link works once. 410 for an unknown, used or expired link.
 */
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
import { parentShowRequest, withdrawByParentLink } from "~/features/privacy/show-permission.server";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = () => [
  { title: "Your child's name on the results · Inkwell" },
  { name: "robots", content: "noindex" },
];

const NO_REFERRER = { "Referrer-Policy": "no-referrer" };

export async function loader({ params }: LoaderFunctionArgs) {
  const found = await parentShowRequest(params.token ?? "");
  return data({ entry: found }, { status: found ? 200 : 410, headers: NO_REFERRER });
}

export async function action({ params }: ActionFunctionArgs) {
  const token = params.token ?? "";
  const here = `/show-permission/${encodeURIComponent(token.slice(0, 200))}`;
  if (!(await withdrawByParentLink(token)))
    return redirectWithToast(here, {
      type: "error",
      title: "This link does not work any more",
      description: "It was already used or has expired.",
    });
  return redirectWithToast("/", {
    type: "success",
    title: "Your child's name will not be shown",
    description: "The story and your child's name are no longer on the public results.",
  });
}

export default function ShowPermission() {
  const { entry } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-2xl px-4 py-10 text-base">
      <h1 className="font-serif text-3xl font-bold">Your child&apos;s name on the results</h1>
      {entry ? (
        <Card className="mt-6">
          <CardHeader>
            <CardTitle>
              “<bdi>{entry.title}</bdi>” in {entry.contestTitle}
            </CardTitle>
          </CardHeader>
          <CardContent className="space-y-3">
            {entry.agreed ? (
              <>
                <p>
                  <bdi>{entry.childName}</bdi> ticked that, if this story wins an award, it may be
                  shown on the public results page with their name. You can take that back now; if
                  the results are already out, the story and the name are removed at once.
                </p>
                <Form method="post">
                  <Button type="submit">Do not show the story or name</Button>
                </Form>
              </>
            ) : (
              <p>This story and your child&apos;s name are not shown on the public results.</p>
            )}
          </CardContent>
        </Card>
      ) : (
        <Alert variant="warning" className="mt-6" title="This link does not work any more">
          It was already used or has expired. You can ask the contest&apos;s organisers to remove
          your child&apos;s name from the results.
        </Alert>
      )}
    </div>
  );
}
