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
import { z } from "zod";
import {
  CreateCard,
  FormErrorAlert,
  ItemCard,
  ItemSection,
  LibraryHeading,
  PROMPT,
  PromptFields,
} from "~/components/contests/contest-library";
import { ContestSelect } from "~/components/contests/contest-picker";
import { Button } from "~/components/ui/button";
import { Pager } from "~/components/ui/pager";
import { requireAdmin } from "~/features/accounts/auth.server";
import { libraryBackTo, libraryItemAction, loadLibrary } from "./admin-library.server";
import { promptLibrary } from "~/features/contests/library.server";
import { promptSchema } from "~/features/contests/contest-schema";
import { ContestAdminError } from "~/features/contests/contest-admin.server";
import { createPrompt, listPrompts } from "~/features/contests/prompts.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/form-body.server";

export const meta: MetaFunction = () => [{ title: "Prompts · Admin · Inkwell" }];

const createSchema = z.intersection(promptSchema, z.object({ contestId: z.string().optional() }));

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { items, ...library } = await loadLibrary(request, listPrompts);
  return { ...items, ...library };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const back = libraryBackTo(request, "/admin/prompts");
  const fd = await readForm(request);
  const listed = await libraryItemAction(promptLibrary, fd, back);
  if (listed) return listed;
  const submission = parseWithZod(fd, { schema: createSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    await createPrompt({ ...submission.value, contestId: submission.value.contestId || null });
  } catch (e) {
    if (e instanceof ContestAdminError)
      return data(submission.reply({ formErrors: [e.message] }), { status: 400 });
    throw e;
  }
  return redirectWithToast(back, { type: "success", title: "Prompt created successfully" });
}

export default function AdminPrompts() {
  const { prompts, total, page, pages, contests, filter } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const resetKey = useResetKey(lastResult);
  const [form, fields] = useForm<{ title: string; body: string; contestId?: string }>({
    id: `create-prompt-${resetKey}`,
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    // Checked in the browser with the server's schema: live checks never post the form.
    onValidate: ({ formData }) => parseWithZod(formData, { schema: createSchema }),
    defaultValue: { contestId: filter?.id ?? "" },
  });
  return (
    <div className="space-y-6">
      <LibraryHeading
        plural="prompts"
        intro="Every prompt, newest first, assigned to a contest or not."
        filter={filter}
        contests={contests}
        editLink
      />

      <CreateCard title="Create a prompt">
        <Form method="post" {...getFormProps(form)} key={resetKey} className="space-y-4">
          <FormErrorAlert errors={form.errors} />
          <PromptFields title={fields.title} body={fields.body} />
          <ContestSelect
            id={fields.contestId.id}
            name={fields.contestId.name}
            label="Contest (optional)"
            contests={contests}
            defaultValue={fields.contestId.initialValue}
            emptyLabel="Unassigned"
          />
          <Button type="submit" name="intent" value="create">
            Create Prompt
          </Button>
        </Form>
      </CreateCard>

      <ItemSection
        headingId="prompts-heading"
        heading={`Prompts (${total})`}
        empty="No prompts yet. Add your first prompt above."
        items={prompts}
        footer={<Pager page={page} pageCount={pages} />}
      >
        {(p) => (
          <ItemCard
            key={p.id}
            kind={PROMPT}
            id={p.id}
            name={p.title}
            assignment={{ contest: p.contest, contests }}
          >
            <p className="mt-1 whitespace-pre-line text-sm text-slate-700">{p.body}</p>
          </ItemCard>
        )}
      </ItemSection>
    </div>
  );
}
