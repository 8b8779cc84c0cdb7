/**
 * /educator/classes/:id/consent (docs/decisions/0031-classrooms-and-shared-computers.md): the
 * educator picks an open contest and the pupils, reads the exact wording and attests that the
 * school holds the parents' permission; each pupil gets one row in the consent ledger (pupils
 * who have one for that contest already are shown and skipped).
 */
import { parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/data-table";
import { ErrorList, inputClass } from "~/components/ui/field";
import { ATTESTATION_WORDING } from "~/features/classrooms/attestations";
import { classWithRoster } from "~/features/classrooms/classes.server";
import { consentSchema } from "~/features/classrooms/classroom-schemas";
import {
  attestParentalPermission,
  consentContests,
  pupilsWithPermission,
} from "~/features/classrooms/consent-ledger.server";
import {
  ownClassroom,
  pupilName,
  requireEducator,
} from "~/features/classrooms/educator-access.server";
import { answerRefusal } from "~/utils/action.server";
import { readForm } from "~/utils/form-body.server";
import { redirectWithToast } from "~/utils/toast.server";
import { useIsPending } from "~/utils/use-is-pending";

export const meta: MetaFunction = () => [{ title: "Parental permission · My classes · Inkwell" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requireEducator(request);
  const { classroom, pupils } = await classWithRoster(user.id, params.id ?? "");
  const contests = await consentContests();
  const asked = new URL(request.url).searchParams.get("contest");
  const contest = contests.find((c) => c.id === asked) ?? contests[0] ?? null;
  const held = contest ? await pupilsWithPermission(classroom.id, contest.id) : new Set<string>();
  return {
    classroom: { id: classroom.id, name: classroom.name },
    contests,
    contestId: contest?.id ?? "",
    wording: ATTESTATION_WORDING.parental_permission,
    pupils: pupils.map((p) => ({
      id: p.id,
      name: pupilName(p),
      account: p.userId !== null,
      held: held.has(p.id),
    })),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user } = await requireEducator(request);
  const classroom = await ownClassroom(user.id, params.id ?? "");
  const submission = parseWithZod(await readForm(request), { schema: consentSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    const { recorded, skipped } = await attestParentalPermission(
      user.id,
      classroom.id,
      submission.value,
    );
    return redirectWithToast(
      `/educator/classes/${classroom.id}/consent?contest=${encodeURIComponent(submission.value.contestId)}`,
      {
        type: "success",
        title: `Permission recorded for ${recorded} ${recorded === 1 ? "pupil" : "pupils"}`,
        description: skipped ? `${skipped} had it already.` : undefined,
      },
    );
  } catch (error) {
    return answerRefusal(error, { reply: submission });
  }
}

export default function ConsentPage() {
  const { classroom, contests, contestId, wording, pupils } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const errors = actionData?.result.error ?? {};
  const busy = useIsPending({ state: "submitting" });
  return (
    <div className="mx-auto max-w-4xl space-y-8 px-4 py-8">
      <div>
        <Link to={`/educator/classes/${classroom.id}`} className="text-base underline">
          ← <bdi>{classroom.name}</bdi>
        </Link>
        <h1 className="mt-2 font-serif text-3xl font-bold">Parental permission</h1>
        <p className="mt-2 text-base text-slate-700">
          For pupils without their own account, you confirm that your school holds their parents’
          permission, once per contest.
        </p>
      </div>
      {contests.length === 0 ? (
        <EmptyState className="p-6">No contest is open for entries right now.</EmptyState>
      ) : (
        <>
          <Form method="get" className="flex flex-wrap items-end gap-3">
            <div>
              <label htmlFor="contest-pick" className="block text-base font-medium">
                Contest
              </label>
              <select
                id="contest-pick"
                name="contest"
                defaultValue={contestId}
                className={inputClass}
              >
                {contests.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.title}
                  </option>
                ))}
              </select>
            </div>
            <Button type="submit" variant="outline">
              Show
            </Button>
          </Form>
          <Card>
            <CardContent className="pt-6">
              <Form method="post" className="space-y-4">
                <input type="hidden" name="contestId" value={contestId} />
                {errors[""]?.length || errors.contestId?.length ? (
                  <Alert variant="destructive" title="Error">
                    {[...(errors[""] ?? []), ...(errors.contestId ?? [])].join(" ")}
                  </Alert>
                ) : null}
                <fieldset>
                  <legend className="text-base font-medium">Pupils</legend>
                  {pupils.length === 0 ? (
                    <p className="mt-2 text-base text-slate-700">No pupils on the roster yet.</p>
                  ) : (
                    <ul className="mt-2 space-y-2">
                      {pupils.map((p) => (
                        <li key={p.id} className="flex flex-wrap items-center gap-2">
                          {p.held ? (
                            <>
                              <bdi className="font-medium">{p.name}</bdi>
                              <Badge variant="success">Permission recorded</Badge>
                            </>
                          ) : (
                            <label className="flex items-center gap-2">
                              <input
                                type="checkbox"
                                name="pupilIds"
                                value={p.id}
                                className="h-5 w-5"
                              />
                              <bdi>{p.name}</bdi>
                            </label>
                          )}
                          <span className="text-sm text-slate-600">
                            {p.account ? "account" : "roster only"}
                          </span>
                        </li>
                      ))}
                    </ul>
                  )}
                  <ErrorList errors={errors.pupilIds} />
                </fieldset>
                <fieldset>
                  <legend className="text-base font-medium">Which pupils</legend>
                  <div className="mt-1 flex flex-col gap-1">
                    <label className="flex items-center gap-2">
                      <input
                        type="radio"
                        name="who"
                        value="ticked"
                        defaultChecked
                        className="h-5 w-5"
                      />
                      The pupils I ticked
                    </label>
                    <label className="flex items-center gap-2">
                      <input type="radio" name="who" value="roster" className="h-5 w-5" />
                      Every pupil without an account
                    </label>
                    <label className="flex items-center gap-2">
                      <input type="radio" name="who" value="all" className="h-5 w-5" />
                      Every pupil in the class
                    </label>
                  </div>
                </fieldset>
                <blockquote className="border-l-4 border-ink-300 bg-slate-50 p-3 text-base">
                  {wording}
                </blockquote>
                <div>
                  <label className="flex items-start gap-2 text-base">
                    <input type="checkbox" name="attest" className="mt-1 h-5 w-5" />I attest this
                  </label>
                  <ErrorList errors={errors.attest} />
                </div>
                <Button type="submit" disabled={busy}>
                  {busy ? "Recording…" : "Record permission"}
                </Button>
              </Form>
            </CardContent>
          </Card>
        </>
      )}
    </div>
  );
}
