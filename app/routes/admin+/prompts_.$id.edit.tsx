import { readForm } from "~/utils/form-body.server";
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { CreateCard, FormErrorAlert, PromptFields } from "~/components/contests/contest-library";
import { Button, ButtonLink } from "~/components/ui/button";
import { requireAdmin } from "~/features/accounts/auth.server";
import { promptSchema } from "~/features/contests/contest-schema";
import { getPrompt, updatePrompt } from "~/features/contests/prompts.server";
import { notFound } from "~/utils/responses";
import { redirectWithToast } from "~/utils/toast.server";
import { useIsPending } from "~/utils/use-is-pending";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Edit ${data?.prompt.title ?? "prompt"} · Admin · Inkwell` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const prompt = await getPrompt(params.id ?? "");
  if (!prompt) throw notFound();
  return { prompt: { id: prompt.id, title: prompt.title, body: prompt.body } };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdmin(request);
  const submission = parseWithZod(await readForm(request), { schema: promptSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  if (!(await updatePrompt(params.id ?? "", submission.value))) throw notFound();
  return redirectWithToast("/admin/prompts", { type: "success", title: "Prompt updated" });
}

export default function EditPrompt() {
  const { prompt } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const saving = useIsPending({ state: "submitting" });
  const [form, fields] = useForm<{ title: string; body: string }>({
    id: "edit-prompt",
    lastResult,
    defaultValue: { title: prompt.title, body: prompt.body },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    // Checked in the browser with the server's schema: live checks never post the form.
    onValidate: ({ formData }) => parseWithZod(formData, { schema: promptSchema }),
  });
  return (
    <div className="space-y-6">
      <p>
        <Link to="/admin/prompts" className="text-ink-700 underline">
          ← All prompts
        </Link>
      </p>
      <h1 className="break-words font-serif text-3xl font-bold">Edit prompt</h1>
      <CreateCard title={prompt.title}>
        <Form method="post" {...getFormProps(form)} className="space-y-4">
          <FormErrorAlert errors={form.errors} />
          <PromptFields title={fields.title} body={fields.body} />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={saving}>
              {saving ? "Saving…" : "Save Prompt"}
            </Button>
            <ButtonLink to="/admin/prompts" variant="outline">
              Cancel
            </ButtonLink>
          </div>
        </Form>
      </CreateCard>
    </div>
  );
}
