import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useResetKey } from "~/utils/use-reset-key";
import {
  ContestPageHeading,
  CreateCard,
  FormErrorAlert,
  ItemCard,
  ItemSection,
  PROMPT,
  PromptFields,
} from "~/components/contests/contest-library";
import { Button } from "~/components/ui/button";
import { requireAdmin } from "~/features/accounts/auth.server";
import { contestOrRedirect, libraryItemAction } from "../../admin-library.server";
import { promptLibrary } from "~/features/contests/library.server";
import { promptSchema } from "~/features/contests/contest-schema";
import { contestPrompts, createPrompt } from "~/features/contests/prompts.server";
import { contestRounds } from "~/features/rounds/rounds.server";
import { ErrorList, inputClass } from "~/components/ui/field";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/form-body.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Prompts · ${data?.contest.title ?? "Contest"} · Admin · Inkwell` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const contest = await contestOrRedirect(params.id);
  const [prompts, rounds] = await Promise.all([
    contestPrompts(contest.id),
    contestRounds(contest.id),
  ]);
  return { contest, prompts, rounds: rounds.length };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdmin(request);
  const contest = await contestOrRedirect(params.id);
  const here = `/admin/contests/${contest.id}/prompts`;
  const fd = await readForm(request);
  const listed = await libraryItemAction(promptLibrary, fd, here, contest.id);
  if (listed) return listed;
  const submission = parseWithZod(fd, { schema: promptSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  await createPrompt({ ...submission.value, contestId: contest.id });
  return redirectWithToast(here, { type: "success", title: "Prompt added successfully" });
}

export default function ContestPrompts() {
  const { contest, prompts, rounds } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const resetKey = useResetKey(lastResult);
  const [form, fields] = useForm<{ title: string; body: string; round?: number }>({
    id: `add-prompt-${resetKey}`,
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    // Checked in the browser with the server's schema: live checks never post the form.
    onValidate: ({ formData }) => parseWithZod(formData, { schema: promptSchema }),
  });
  return (
    <div className="space-y-6">
      <ContestPageHeading contest={contest} title="Prompts" />
      <CreateCard title="Add a prompt">
        <Form method="post" {...getFormProps(form)} key={resetKey} className="space-y-4">
          <FormErrorAlert errors={form.errors} />
          <PromptFields title={fields.title} body={fields.body} />
          {rounds > 1 ? (
            // A later round's prompt is never shown to entrants (ADR 0045).
            <div className="max-w-md space-y-1">
              <label
                htmlFor={fields.round.id}
                className="block text-base font-medium text-slate-800"
              >
                Who the prompt is for
              </label>
              <select
                id={fields.round.id}
                name={fields.round.name}
                defaultValue=""
                className={inputClass}
              >
                <option value="">Entrants (shown on the contest page)</option>
                {Array.from({ length: rounds - 1 }, (_, i) => (
                  <option key={i} value={i + 2}>
                    Round {i + 2} (not shown to entrants)
                  </option>
                ))}
              </select>
              <ErrorList errors={fields.round.errors} />
            </div>
          ) : null}
          <Button type="submit" name="intent" value="add">
            Add Prompt
          </Button>
        </Form>
      </CreateCard>
      <ItemSection
        headingId="prompt-list"
        heading={`Prompts (${prompts.length})`}
        empty="No prompts yet. Add your first prompt above."
        items={prompts}
      >
        {(p) => (
          <ItemCard key={p.id} kind={PROMPT} id={p.id} name={p.title}>
            {p.round && p.round > 1 ? (
              <p className="text-sm font-medium text-slate-700">
                Round {p.round} prompt: not shown to entrants
              </p>
            ) : null}
            <p className="mt-1 whitespace-pre-line text-sm text-slate-700">{p.body}</p>
          </ItemCard>
        )}
      </ItemSection>
    </div>
  );
}
