/**
 * /educator/classes/:id/import (docs/decisions/0031-classrooms-and-shared-computers.md): upload a
 * class list as CSV → a preview of every row with its problems and the duplicates flagged →
 * "Add N pupils" writes only the valid rows, in one transaction. Nothing is written before the
 * confirm; the preview carries the file's text back in a hidden field (at most 200 KB), so it
 * works without JavaScript.
 */
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { DataTable } from "~/components/ui/data-table";
import { inputClass } from "~/components/ui/field";
import { ownClassroom, requireEducator } from "~/features/classrooms/educator-access.server";
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
  decodeCsv,
} from "~/features/classrooms/roster-import";
import { confirmClassImport, previewClassImport } from "~/features/classrooms/roster-import.server";
import { answerRefusal } from "~/utils/action.server";
import { readForm } from "~/utils/form-body.server";
import { redirectWithToast } from "~/utils/toast.server";
import { useIsPending } from "~/utils/use-is-pending";

export const meta: MetaFunction = () => [{ title: "Import a class list · My classes · Inkwell" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requireEducator(request);
  const classroom = await ownClassroom(user.id, params.id ?? "");
  return { classroom: { id: classroom.id, name: classroom.name }, maxRows: IMPORT_MAX_ROWS };
}

const refused = (error: string) => data({ error, preview: null }, { status: 400 });

export async function action({ request, params }: ActionFunctionArgs) {
  const { user } = await requireEducator(request);
  const classroom = await ownClassroom(user.id, params.id ?? "");
  const form = await readForm(request);
  if (form.get("intent") === "confirm") {
    const sent = form.get("csv");
    if (typeof sent !== "string" || sent.length === 0) return refused(IMPORT_MESSAGES.empty);
    // The hidden field comes back with CRLF line breaks (as a browser sends a form's text).
    const text = sent.replace(/\r\n/g, "\n");
    if (text.length > IMPORT_MAX_BYTES) return refused(IMPORT_MESSAGES.tooLarge);
    const here = `/educator/classes/${classroom.id}`;
    try {
      const { added } = await confirmClassImport(user.id, classroom.id, text);
      return redirectWithToast(here, {
        type: "success",
        title: `${added} ${added === 1 ? "pupil" : "pupils"} added`,
      });
    } catch (error) {
      return answerRefusal(error, { redirectTo: `${here}/import` });
    }
  }
  const file = form.get("file");
  if (!file || typeof file === "string" || file.size === 0)
    return refused("Choose a CSV file with the class list.");
  if (file.size > IMPORT_MAX_BYTES) return refused(IMPORT_MESSAGES.tooLarge);
  const decoded = decodeCsv(new Uint8Array(await file.arrayBuffer()));
  if (!decoded.ok) return refused(decoded.error);
  const preview = await previewClassImport(user.id, classroom.id, decoded.text);
  if (!preview.ok) return refused(preview.error);
  return {
    error: null,
    preview: {
      csv: decoded.text,
      fileName: file.name.slice(0, 200),
      addable: preview.rows.filter((r) => r.pupil).length,
      rows: preview.rows.map((r) => ({
        row: r.row,
        firstName: r.firstName,
        lastInitial: r.initial,
        grade: r.grade,
        parentEmail: r.parentEmail,
        ok: r.pupil !== null,
        errors: r.errors,
      })),
    },
  };
}

export default function ImportClassList() {
  const { classroom, maxRows } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useIsPending({ state: "submitting" });
  const preview = actionData?.preview;
  return (
    <div className="mx-auto max-w-5xl space-y-8 px-4 py-8">
      <div>
        <Link to={`/educator/classes/${classroom.id}`} className="text-base underline">
          ← <bdi>{classroom.name}</bdi>
        </Link>
        <h1 className="mt-2 font-serif text-3xl font-bold">Import a class list</h1>
      </div>
      {actionData?.error ? (
        <Alert variant="destructive" title="Error">
          {actionData.error}
        </Alert>
      ) : null}
      {preview ? (
        <section aria-labelledby="preview-heading" className="space-y-4">
          <h2 id="preview-heading" className="text-xl font-semibold">
            Preview of {preview.fileName}
          </h2>
          <p className="text-base text-slate-700">
            {preview.addable} of {preview.rows.length} rows can be added. Rows with a problem are
            left out; nothing is added until you confirm.
          </p>
          <DataTable
            columns={["Row", "First name", "Last initial", "Grade", "Parent e-mail", "Check"]}
          >
            {preview.rows.map((r) => (
              <tr key={r.row} className="border-b border-slate-100 align-top">
                <td className="py-2 pr-4">{r.row}</td>
                <td className="py-2 pr-4">
                  <bdi>{r.firstName}</bdi>
                </td>
                <td className="py-2 pr-4">
                  <bdi>{r.lastInitial}</bdi>
                </td>
                <td className="py-2 pr-4">{r.grade}</td>
                <td className="py-2 pr-4 break-all">{r.parentEmail}</td>
                <td className="py-2 pr-4">
                  {r.ok ? (
                    <span className="text-emerald-800">OK</span>
                  ) : (
                    <ul className="text-red-700">
                      {r.errors.map((e) => (
                        <li key={e}>{e}</li>
                      ))}
                    </ul>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
          {preview.addable > 0 ? (
            <Form method="post" encType="multipart/form-data">
              <input type="hidden" name="intent" value="confirm" />
              <input type="hidden" name="csv" value={preview.csv} />
              <Button type="submit" disabled={busy}>
                {busy
                  ? "Adding…"
                  : `Add ${preview.addable} ${preview.addable === 1 ? "pupil" : "pupils"}`}
              </Button>
            </Form>
          ) : null}
        </section>
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle>{preview ? "Choose another file" : "Choose a file"}</CardTitle>
        </CardHeader>
        <CardContent>
          <p className="mb-4 text-base text-slate-700">
            A CSV file with one pupil a line: first name, last initial (or last name), grade (K or 1
            to 12, optional), parent e-mail (optional). A header row such as “First name,Last
            initial,Grade,Parent email” is fine. Up to {maxRows} pupils and 200 KB.
          </p>
          <Form method="post" encType="multipart/form-data" className="space-y-4">
            <input type="hidden" name="intent" value="preview" />
            <div className="space-y-1">
              <label htmlFor="file" className="block text-base font-medium text-slate-800">
                Class list (CSV)
              </label>
              <input
                id="file"
                name="file"
                type="file"
                accept=".csv,text/csv"
                required
                className={inputClass}
              />
            </div>
            <Button type="submit" variant={preview ? "outline" : "default"} disabled={busy}>
              Preview
            </Button>
          </Form>
        </CardContent>
      </Card>
    </div>
  );
}
