/**
 * /admin/contests/:id/divisions: a contest's divisions (docs/decisions/0032-divisions-and-rounds.md).
 * Add, edit, reorder and delete them; which judges each may have; which prompts are a division's
 * own. The rules across divisions (unique names, one basis, no overlap) are checked at the write.
 */
import { type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { ContestPageHeading, CreateCard } from "~/components/contests/contest-library";
import { BLANK_DIVISION, DivisionCard, DivisionForm } from "~/components/divisions/division-admin";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { requireAdmin } from "~/features/accounts/auth.server";
import { divisionActionSchema } from "~/features/divisions/division-schema";
import {
  deleteDivision,
  divisionsPage,
  moveDivision,
  saveDivision,
  setDivisionJudges,
  setPromptDivision,
} from "~/features/divisions/divisions-admin.server";
import { divisionRangeLabel } from "~/features/divisions/placement";
import { answerRefusal } from "~/utils/action.server";
import { DomainError } from "~/utils/domain-error";
import { readForm } from "~/utils/form-body.server";
import { redirectWithToast } from "~/utils/toast.server";
import { contestOrRedirect } from "../../admin-library.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Divisions · ${data?.contest.title ?? "Contest"} · Admin · Inkwell` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const contest = await contestOrRedirect(params.id);
  const page = await divisionsPage(contest.id);
  return {
    contest,
    divisions: page.divisions.map((d) => ({
      id: d.id,
      name: d.name,
      basis: d.basis,
      min: d.min,
      max: d.max,
      ageOn: d.ageOn ? d.ageOn.toISOString().slice(0, 10) : "",
      wordMin: d.wordMin,
      wordMax: d.wordMax,
      range: divisionRangeLabel(d),
      entries: d.entries,
      judgeIds: d.judgeIds,
    })),
    prompts: page.prompts,
    judges: page.judges,
  };
}

type ActionData = { formId: string; result: SubmissionResult<string[]> };

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdmin(request);
  const contest = await contestOrRedirect(params.id);
  const here = `/admin/contests/${contest.id}/divisions`;
  const submission = parseWithZod(await readForm(request), { schema: divisionActionSchema });
  const payload = submission.payload;
  const formId =
    payload.intent === "edit" && typeof payload.divisionId === "string"
      ? `edit-${payload.divisionId}`
      : "add";
  if (submission.status !== "success") {
    if (payload.intent === "add" || payload.intent === "edit")
      return data<ActionData>(
        { formId, result: submission.reply() },
        { status: submission.status ? 400 : 200 },
      );
    // A post the page's own forms never send (a stale or forged form).
    return answerRefusal(new DomainError("That form could not be read. Please try again."), {
      redirectTo: here,
    });
  }
  const value = submission.value;
  try {
    switch (value.intent) {
      case "add":
      case "edit": {
        const { intent, ...input } = value;
        await saveDivision(contest.id, input, intent === "edit" ? value.divisionId : undefined);
        return redirectWithToast(here, {
          type: "success",
          title: intent === "add" ? "Division added" : "Division saved",
          ...(intent === "edit"
            ? { description: "Entries already sent stay in the division they were put in." }
            : {}),
        });
      }
      case "delete":
        await deleteDivision(contest.id, value.divisionId);
        return redirectWithToast(here, { type: "success", title: "Division deleted" });
      case "move":
        await moveDivision(contest.id, value.divisionId, value.direction);
        return redirectWithToast(here, { type: "success", title: "Order changed" });
      case "judges":
        await setDivisionJudges(contest.id, value.divisionId, value.judgeId);
        return redirectWithToast(here, {
          type: "success",
          title: "Judges saved",
          ...(value.judgeId.length ? {} : { description: "Any judge may judge this division." }),
        });
      case "prompt":
        await setPromptDivision(contest.id, value.promptId, value.divisionId ?? null);
        return redirectWithToast(here, { type: "success", title: "Prompt saved" });
    }
  } catch (error) {
    if (value.intent === "add" || value.intent === "edit")
      return answerRefusal(error, { reply: submission, extra: { formId } });
    return answerRefusal(error, { redirectTo: here });
  }
}

export default function ContestDivisions() {
  const { contest, divisions, prompts, judges } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const resultFor = (formId: string) =>
    actionData && "formId" in actionData && actionData.formId === formId
      ? actionData.result
      : undefined;
  return (
    <div className="space-y-6">
      <ContestPageHeading contest={contest} title="Divisions" />
      <p className="max-w-2xl text-slate-700">
        Each entry goes into the first division (in this order) that fits the writer&apos;s school
        grade or age, when they send it. With no divisions, everyone is in one group.
      </p>
      <section aria-labelledby="division-list" className="space-y-4">
        <h2 id="division-list" className="text-xl font-semibold">
          Divisions ({divisions.length})
        </h2>
        {divisions.length === 0 ? (
          <p className="text-slate-600">No divisions: this contest is one group.</p>
        ) : null}
        {divisions.map((d, i) => (
          <DivisionCard
            key={d.id}
            division={d}
            index={i}
            count={divisions.length}
            judges={judges}
            editResult={resultFor(`edit-${d.id}`)}
          />
        ))}
      </section>
      <CreateCard title="Add a division">
        <DivisionForm
          defaults={BLANK_DIVISION}
          lastResult={resultFor("add")}
          submitLabel="Add division"
        />
      </CreateCard>
      <section aria-labelledby="division-prompts" className="space-y-3">
        <h2 id="division-prompts" className="text-xl font-semibold">
          Prompts of a division
        </h2>
        {prompts.length === 0 ? (
          <p className="text-slate-600">This contest has no prompts of its own.</p>
        ) : (
          <ul className="space-y-2">
            {prompts.map((p) => (
              <li key={p.id}>
                <Form method="post" className="flex flex-wrap items-end gap-2">
                  <input type="hidden" name="promptId" value={p.id} />
                  <div className="space-y-1">
                    <label htmlFor={`prompt-${p.id}`} className="block font-medium">
                      {p.title}
                    </label>
                    <select
                      id={`prompt-${p.id}`}
                      name="divisionId"
                      defaultValue={p.divisionId ?? ""}
                      className={inputClass}
                    >
                      <option value="">All divisions</option>
                      {divisions.map((d) => (
                        <option key={d.id} value={d.id}>
                          {d.name}
                        </option>
                      ))}
                    </select>
                  </div>
                  <Button type="submit" name="intent" value="prompt" variant="outline" size="sm">
                    Save
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
