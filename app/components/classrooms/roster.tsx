/**
 * The roster's forms on /educator/classes/:id (docs/decisions/0031-classrooms-and-shared-computers.md):
 * a pupil's edit, remove and link actions, and adding a pupil. The route loads the roster and
 * runs the changes.
 */
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { z } from "zod";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { ErrorList, Field, inputClass } from "~/components/ui/field";
import type { addPupilSchema } from "~/features/classrooms/classroom-schemas";
import { useIsPending } from "~/utils/use-is-pending";

/** A roster row as the page shows it. */
type Pupil = {
  id: string;
  name: string;
  firstName: string;
  lastInitial: string;
  grade: string;
  parentEmail: string;
  account: boolean;
  joined: string;
  /** Joined unmatched while the class had unclaimed rows (ADR 0041). */
  matchPending: boolean;
};

/**
 * A pupil's actions in the roster: edit (open when its last save was refused, with the errors),
 * remove, and link a roster row without an account to a pupil who joined with the code.
 */
export function PupilActions({
  pupil,
  joinedPupils,
  errors,
}: {
  pupil: Pupil;
  joinedPupils: Pupil[];
  errors: SubmissionResult<string[]>["error"];
}) {
  const formErrors = errors?.[""] ?? [];
  // Pupils waiting to be matched first (ADR 0041).
  const candidates = joinedPupils
    .filter((j) => j.id !== pupil.id)
    .sort((a, b) => Number(b.matchPending) - Number(a.matchPending));
  const name = <bdi>{pupil.name}</bdi>;
  // min-w-0 and max-w-full: on a phone the actions stay inside the roster's card (ADR 0027).
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <details open={Boolean(errors)}>
        <summary className="cursor-pointer underline">Edit {name}</summary>
        <Form method="post" className="mt-2 grid gap-2">
          <input type="hidden" name="intent" value="edit-pupil" />
          <input type="hidden" name="pupilId" value={pupil.id} />
          <ErrorList errors={formErrors} />
          <Field
            label="First name"
            name="firstName"
            defaultValue={pupil.firstName}
            errors={errors?.firstName}
          />
          <Field
            label="Last initial"
            name="lastInitial"
            maxLength={4}
            defaultValue={pupil.lastInitial}
            errors={errors?.lastInitial}
          />
          <Field
            label="Grade (K or 1-12, optional)"
            name="grade"
            defaultValue={pupil.grade}
            errors={errors?.grade}
          />
          <Field
            label="Parent e-mail (optional)"
            name="parentEmail"
            type="email"
            defaultValue={pupil.parentEmail}
            errors={errors?.parentEmail}
          />
          <Button type="submit" size="sm">
            Save {name}
          </Button>
        </Form>
      </details>
      <Form method="post">
        <input type="hidden" name="pupilId" value={pupil.id} />
        <Button type="submit" name="intent" value="remove-pupil" variant="outline" size="sm">
          Remove {name}
        </Button>
      </Form>
      {pupil.matchPending ? (
        <Form method="post">
          <input type="hidden" name="pupilId" value={pupil.id} />
          <Button type="submit" name="intent" value="keep-pupil" variant="outline" size="sm">
            Keep {name} as a new pupil
          </Button>
        </Form>
      ) : null}
      {!pupil.account && candidates.length > 0 ? (
        <Form method="post" className="flex min-w-0 flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="link-pupil" />
          <input type="hidden" name="pupilId" value={pupil.id} />
          <div className="w-full min-w-0">
            <label htmlFor={`link-${pupil.id}`} className="block text-sm font-medium">
              Link {name} to a pupil who joined
            </label>
            <select
              id={`link-${pupil.id}`}
              name="joinedId"
              className={`${inputClass} max-w-full min-w-0`}
            >
              {candidates.map((j) => (
                <option key={j.id} value={j.id}>
                  {`\u2068${j.name}\u2069`} ({j.matchPending ? "not matched, " : ""}joined{" "}
                  {j.joined})
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" variant="outline" size="sm">
            Link
          </Button>
        </Form>
      ) : null}
    </div>
  );
}

/** Add one pupil to the roster; a refused add comes back with its errors. */
export function AddPupilForm({
  lastResult,
  resetKey,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  resetKey: string | number;
}) {
  const busy = useIsPending({ state: "submitting", intent: "add-pupil" });
  const [form, fields] = useForm<z.input<typeof addPupilSchema>>({
    id: `pupil-${resetKey}`,
    lastResult,
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Add a pupil</CardTitle>
      </CardHeader>
      <CardContent>
        <Form
          method="post"
          {...getFormProps(form)}
          key={resetKey}
          className="grid gap-4 md:grid-cols-2"
        >
          <input type="hidden" name="intent" value="add-pupil" />
          {form.errors?.length ? (
            <Alert variant="destructive" title="Error" className="md:col-span-2">
              {form.errors.join(" ")}
            </Alert>
          ) : null}
          <Field
            label="First name"
            errors={fields.firstName.errors}
            {...getInputProps(fields.firstName, { type: "text" })}
          />
          <Field
            label="Last initial"
            hint="One letter: R for Mia Rossi."
            maxLength={2}
            errors={fields.lastInitial.errors}
            {...getInputProps(fields.lastInitial, { type: "text" })}
          />
          <Field
            label="Grade (optional)"
            hint="K or 1 to 12."
            errors={fields.grade.errors}
            {...getInputProps(fields.grade, { type: "text" })}
          />
          <Field
            label="Parent e-mail (optional)"
            hint="Only you see it."
            errors={fields.parentEmail.errors}
            {...getInputProps(fields.parentEmail, { type: "email" })}
          />
          <div className="md:col-span-2">
            <Button type="submit" disabled={busy}>
              {busy ? "Adding…" : "Add pupil"}
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}
