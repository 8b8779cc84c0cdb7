import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ContestForm } from "~/components/contests/contest-form";
import { requireAdmin } from "~/features/accounts/auth.server";
import { defaultContestValues } from "~/features/contests/contest-form";
import { contestFormOptions } from "~/features/contests/contest-form.server";
import { contestFormAction } from "./admin-contest-form.server";
import { env } from "~/utils/env.server";

export const meta: MetaFunction = () => [{ title: "Create contest · Admin · Inkwell" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return {
    initial: defaultContestValues(new Date(), env().SITE_TIME_ZONE),
    ...(await contestFormOptions()),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  return contestFormAction(request);
}

export default function NewContest() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div>
      <h1 className="mb-6 font-serif text-3xl font-bold">Create Contest</h1>
      <ContestForm
        key={actionData?.key ?? "initial"}
        mode="new"
        initial={loaderData.initial}
        result={actionData?.result}
        notice={actionData?.notice}
        focus={actionData?.focus}
        promptOptions={loaderData.promptOptions}
        rubricOptions={loaderData.rubricOptions}
        timeZones={loaderData.timeZones}
      />
    </div>
  );
}
