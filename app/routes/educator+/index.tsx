/**
 * /educator (docs/decisions/0031-classrooms-and-shared-computers.md): a signed-in user who is not
 * an educator applies ("Become an educator": school, city, country, role, the adult tick); an
 * educator sees their status, their classes and the "New class" form. requireUser here, not
 * requireEducator, which sends non-educators to this page.
 */
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { type z } from "zod";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { DataTable, EmptyState } from "~/components/ui/data-table";
import { ErrorList, Field } from "~/components/ui/field";
import { requireUser } from "~/features/accounts/auth.server";
import { createClass, listClasses } from "~/features/classrooms/classes.server";
import { becomeEducatorSchema, newClassSchema } from "~/features/classrooms/classroom-schemas";
import { becomeEducator, findEducator } from "~/features/classrooms/educators.server";
import { requireEducator } from "~/features/classrooms/educator-access.server";
import { answerRefusal } from "~/utils/action.server";
import { readForm } from "~/utils/form-body.server";
import { redirectWithToast } from "~/utils/toast.server";
import { useIsPending } from "~/utils/use-is-pending";
import { useResetKey } from "~/utils/use-reset-key";

export const meta: MetaFunction = () => [{ title: "My classes · Inkwell" }];

const HERE = "/educator";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const educator = await findEducator(user.id);
  return {
    educator,
    classes: educator ? await listClasses(user.id) : [],
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  if (form.get("intent") === "create-class") {
    const { user } = await requireEducator(request);
    const submission = parseWithZod(form, { schema: newClassSchema });
    if (submission.status !== "success")
      return data({ form: "class" as const, result: submission.reply() }, { status: 400 });
    const made = await createClass(user.id, submission.value);
    return redirectWithToast(`/educator/classes/${made.id}`, {
      type: "success",
      title: `${made.name} is ready`,
      description: `Its join code is ${made.joinCode}.`,
    });
  }
  const user = await requireUser(request);
  if (await findEducator(user.id))
    return redirectWithToast(HERE, { type: "info", title: "You are an educator already" });
  const submission = parseWithZod(form, { schema: becomeEducatorSchema });
  if (submission.status !== "success")
    return data({ form: "become" as const, result: submission.reply() }, { status: 400 });
  try {
    await becomeEducator(user.id, submission.value);
  } catch (error) {
    return answerRefusal(error, { reply: submission, extra: { form: "become" as const } });
  }
  return redirectWithToast(HERE, {
    type: "success",
    title: "Thank you",
    description: "An admin will check your details.",
  });
}

export default function EducatorHome() {
  const { educator, classes } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-4xl space-y-8 px-4 py-8">
      <h1 className="font-serif text-3xl font-bold">
        {educator ? "My classes" : "Become an educator"}
      </h1>
      {educator ? (
        <>
          <EducatorStatus educator={educator} />
          <ClassList classes={classes} />
          <NewClassForm />
        </>
      ) : (
        <BecomeEducatorForm />
      )}
    </div>
  );
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

function EducatorStatus({ educator }: { educator: NonNullable<LoaderData["educator"]> }) {
  const where = `${educator.role} at ${educator.school.name}, ${educator.school.city}`;
  if (educator.status === "approved")
    return (
      <p className="text-base text-slate-700">
        {where}. <Badge variant="success">Approved</Badge>
      </p>
    );
  if (educator.status === "refused")
    return (
      <Alert variant="destructive" title="Your application was not approved">
        {educator.decisionNote || "An admin could not confirm your details."}
      </Alert>
    );
  return (
    <Alert variant="info" title="Waiting for approval">
      {where}. An admin will check your details; meanwhile you can set up classes and rosters, but
      not send entries.
    </Alert>
  );
}

function ClassList({ classes }: { classes: LoaderData["classes"] }) {
  return (
    <section aria-labelledby="classes-heading">
      <h2 id="classes-heading" className="text-xl font-semibold">
        Classes ({classes.length})
      </h2>
      {classes.length === 0 ? (
        <EmptyState className="mt-4 p-6">No classes yet. Make one below.</EmptyState>
      ) : (
        <DataTable className="mt-4" columns={["Class", "Band", "Pupils", "Join code"]}>
          {classes.map((c) => (
            <tr key={c.id} className="border-b border-slate-100 align-top">
              <td className="py-2 pr-4">
                <Link to={`/educator/classes/${c.id}`} className="font-medium underline">
                  {c.name}
                </Link>
              </td>
              <td className="py-2 pr-4">{c.band}</td>
              <td className="py-2 pr-4">{c.pupils}</td>
              <td className="py-2 pr-4 font-mono">
                {c.joinCode} {c.joinOpen ? null : <Badge variant="secondary">Closed</Badge>}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}

function NewClassForm() {
  const actionData = useActionData<typeof action>();
  const resetKey = useResetKey(actionData);
  const busy = useIsPending({ state: "submitting", intent: "create-class" });
  const [form, fields] = useForm<z.input<typeof newClassSchema>>({
    id: `class-${resetKey}`,
    lastResult: actionData?.form === "class" ? actionData.result : undefined,
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>New class</CardTitle>
      </CardHeader>
      <CardContent>
        <Form
          method="post"
          {...getFormProps(form)}
          key={resetKey}
          className="grid gap-4 md:grid-cols-3"
        >
          <input type="hidden" name="intent" value="create-class" />
          <Field
            label="Class name"
            hint="For example Room 12 Writers"
            errors={fields.name.errors}
            {...getInputProps(fields.name, { type: "text" })}
          />
          <Field
            label="Grade or age band"
            hint="For example Grade 5 or Ages 9-11"
            errors={fields.band.errors}
            {...getInputProps(fields.band, { type: "text" })}
          />
          <Field
            label="Class size"
            hint="1 to 60: how many pupils may join with the code."
            inputMode="numeric"
            errors={fields.size.errors}
            {...getInputProps(fields.size, { type: "text" })}
          />
          <div className="md:col-span-3">
            <Button type="submit" disabled={busy}>
              {busy ? "Creating…" : "Create class"}
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}

function BecomeEducatorForm() {
  const actionData = useActionData<typeof action>();
  const busy = useIsPending({ state: "submitting", intent: "become" });
  const [form, fields] = useForm<z.input<typeof becomeEducatorSchema>>({
    id: "become",
    lastResult: actionData?.form === "become" ? actionData.result : undefined,
  });
  return (
    <Card>
      <CardContent className="pt-6">
        <p className="mb-4 text-base text-slate-700">
          Teachers, librarians and homeschool parents can enter young writers as a class. Tell us
          where you work; an admin checks your details before you send entries.
        </p>
        <Form method="post" {...getFormProps(form)} className="grid gap-4 md:grid-cols-2">
          <input type="hidden" name="intent" value="become" />
          {form.errors?.length ? (
            <Alert variant="destructive" title="Error" className="md:col-span-2">
              {form.errors.join(" ")}
            </Alert>
          ) : null}
          <Field
            label="School name"
            autoComplete="organization"
            errors={fields.schoolName.errors}
            {...getInputProps(fields.schoolName, { type: "text" })}
          />
          <Field
            label="City"
            autoComplete="address-level2"
            errors={fields.city.errors}
            {...getInputProps(fields.city, { type: "text" })}
          />
          <Field
            label="Country"
            autoComplete="country-name"
            errors={fields.country.errors}
            {...getInputProps(fields.country, { type: "text" })}
          />
          <Field
            label="Your role"
            hint="For example Teacher, Librarian or Homeschool parent"
            errors={fields.role.errors}
            {...getInputProps(fields.role, { type: "text" })}
          />
          <div className="md:col-span-2">
            <label className="flex items-start gap-2 text-base">
              <input
                {...getInputProps(fields.adult, { type: "checkbox" })}
                className="mt-1 h-5 w-5"
              />
              I am an adult (18 or over) working with young writers
            </label>
            <ErrorList id={fields.adult.errorId} errors={fields.adult.errors} />
          </div>
          <div className="md:col-span-2">
            <Button type="submit" disabled={busy}>
              {busy ? "Sending…" : "Become an educator"}
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}
