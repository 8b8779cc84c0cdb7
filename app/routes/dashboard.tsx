import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Alert } from "~/components/ui/alert";
import { Button, ButtonLink } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { requireUser } from "~/utils/auth.server";
import { canJudge, isAdmin, submitEligibility } from "~/utils/user";

export const meta: MetaFunction = () => [{ title: "Dashboard · Inkwell" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return {
    user: { email: user.email, displayName: user.displayName, parentEmail: user.parentEmail },
    isAdmin: isAdmin(user),
    canJudge: canJudge(user),
    eligibility: submitEligibility(user),
  };
}

export default function Dashboard() {
  const { user, isAdmin, canJudge, eligibility } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="font-serif text-3xl font-bold">Dashboard</h1>
          <p className="mt-1 text-slate-600">Welcome, {user.email}</p>
        </div>
        <Form method="post" action="/logout">
          <Button type="submit" variant="outline">
            Sign Out
          </Button>
        </Form>
      </div>

      {!eligibility.ok ? (
        <Alert variant="warning" className="mt-6" title="Before you can submit entries">
          {eligibility.reason === "awaiting-parental-consent"
            ? `Because you are under 13, a parent or guardian (${user.parentEmail}) must confirm your account first. You can browse contests meanwhile.`
            : "Please add your date of birth to your account so we can keep young writers safe."}
        </Alert>
      ) : null}

      <div className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {isAdmin ? (
          <Card>
            <CardHeader>
              <CardTitle>Admin Portal</CardTitle>
            </CardHeader>
            <CardContent>
              <p className="mb-4 text-sm text-slate-600">Manage contests, judges, submissions and results.</p>
              <ButtonLink to="/admin">Open Admin Portal</ButtonLink>
            </CardContent>
          </Card>
        ) : null}
        {canJudge ? (
          <Card>
            <CardHeader>
              <CardTitle>Judge Portal</CardTitle>
            </CardHeader>
            <CardContent>
              <p className="mb-4 text-sm text-slate-600">Review and score the entries assigned to you.</p>
              <ButtonLink to="/judge">Open Judge Portal</ButtonLink>
            </CardContent>
          </Card>
        ) : null}
        <Card>
          <CardHeader>
            <CardTitle>Browse Contests</CardTitle>
          </CardHeader>
          <CardContent>
            <p className="mb-4 text-sm text-slate-600">Find a contest that fits your story and enter it.</p>
            <ButtonLink to="/contests" variant="secondary">
              Browse Contests
            </ButtonLink>
          </CardContent>
        </Card>
      </div>
      <p className="mt-8 text-sm text-slate-600">
        Need help? Read our <Link to="/legal/privacy" className="underline">Privacy Policy</Link>.
      </p>
    </div>
  );
}
