/**
 * The admin's actions at the foot of an entry's page: moving it to another division with a note
 * (and the moves so far), and disqualifying it with a reason, confirmed on a second step.
 */
import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { Alert } from "~/components/ui/alert";
import { Button, buttonClass } from "~/components/ui/button";
import { ErrorList, TextareaField, inputClass } from "~/components/ui/field";

type Reply = SubmissionResult<string[]> | null;

export function DivisionMoveSection({
  division,
  divisions,
  moves,
  resetKey,
  lastResult,
}: {
  division: { id: string } | null;
  divisions: Array<{ id: string; name: string }>;
  moves: Array<{
    id: string;
    at: string;
    by: string;
    from: string | null;
    to: string;
    note: string;
  }>;
  resetKey: number | string;
  lastResult: Reply;
}) {
  const [moveForm, moveFields] = useForm({ id: `move-${resetKey}`, lastResult });
  return (
    <section aria-labelledby="division-heading" className="mt-8 max-w-xl">
      <h2 id="division-heading" className="text-lg font-semibold">
        Move to division
      </h2>
      <p className="text-sm text-slate-600">
        The entry is ranked and awarded in its division. Your note is kept in its history.
      </p>
      <Form method="post" {...getFormProps(moveForm)} key={resetKey} className="mt-3 space-y-3">
        <input type="hidden" name="intent" value="move-division" />
        {moveForm.errors?.length ? (
          <Alert variant="destructive" title="Error">
            {moveForm.errors.join(" ")}
          </Alert>
        ) : null}
        <div className="space-y-1">
          <label htmlFor={moveFields.divisionId.id} className="block font-medium">
            Division
          </label>
          <select
            id={moveFields.divisionId.id}
            name={moveFields.divisionId.name}
            defaultValue=""
            className={inputClass}
            aria-invalid={moveFields.divisionId.errors?.length ? true : undefined}
            aria-describedby={
              moveFields.divisionId.errors?.length ? moveFields.divisionId.errorId : undefined
            }
          >
            <option value="">Choose a division</option>
            {divisions.map((d) => (
              <option key={d.id} value={d.id} disabled={d.id === division?.id}>
                {d.name}
                {d.id === division?.id ? " (now)" : ""}
              </option>
            ))}
          </select>
          <ErrorList id={moveFields.divisionId.errorId} errors={moveFields.divisionId.errors} />
        </div>
        <TextareaField
          label="Note (why it moves)"
          rows={2}
          errors={moveFields.note.errors}
          {...getTextareaProps(moveFields.note)}
        />
        <Button type="submit" variant="outline">
          Move entry
        </Button>
      </Form>
      {moves.length ? (
        <>
          <h3 className="mt-6 font-semibold">Division history</h3>
          <ol className="mt-2 space-y-2 text-sm">
            {moves.map((m) => (
              <li key={m.id}>
                {m.at}: {m.by} moved it from {m.from ? `"${m.from}"` : "no division"} to &quot;
                {m.to}&quot;. Note: {m.note}
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </section>
  );
}

export function DisqualifySection({
  entry: s,
  confirm,
  resetKey,
  lastResult,
}: {
  entry: { id: string; title: string };
  confirm: { reason: string; unscored: number } | undefined;
  resetKey: number | string;
  lastResult: Reply;
}) {
  const [form, fields] = useForm({ id: `disqualify-${resetKey}`, lastResult });
  if (confirm)
    return (
      <section
        id="disqualify"
        aria-labelledby="disqualify-heading"
        className="mt-8 max-w-xl rounded-md border border-red-300 bg-red-50 p-4"
        data-testid="disqualify-confirm"
      >
        <h2 id="disqualify-heading" className="text-lg font-semibold">
          Disqualify &quot;{s.title}&quot;?
        </h2>
        <p className="mt-1 text-sm">The entrant will read this reason: {confirm.reason}</p>
        <p className="mt-1 text-sm">
          {confirm.unscored === 0
            ? "No judge is waiting to score it."
            : `${confirm.unscored} unscored ${confirm.unscored === 1 ? "assignment is" : "assignments are"} removed.`}{" "}
          Scores judges have submitted are kept. You can reinstate the entry later.
        </p>
        <Form method="post" className="mt-3 flex flex-wrap gap-3">
          <input type="hidden" name="reason" value={confirm.reason} />
          <Button type="submit" name="intent" value="disqualify-confirm" variant="destructive">
            Yes, disqualify
          </Button>
          <Link to={`/admin/submissions/${s.id}`} className={buttonClass({ variant: "outline" })}>
            Cancel
          </Link>
        </Form>
      </section>
    );
  return (
    <section id="disqualify" aria-labelledby="disqualify-heading" className="mt-8 max-w-xl">
      <h2 id="disqualify-heading" className="text-lg font-semibold">
        Disqualify
      </h2>
      <p className="text-sm text-slate-600">
        A disqualified entry is not judged: its unscored assignments are removed, submitted scores
        are kept. The entrant sees the reason you give. You will be asked to confirm.
      </p>
      <Form method="post" {...getFormProps(form)} key={resetKey} className="mt-3 space-y-3">
        <input type="hidden" name="intent" value="disqualify" />
        {form.errors?.length ? (
          <Alert variant="destructive" title="Error">
            {form.errors.join(" ")}
          </Alert>
        ) : null}
        <TextareaField
          label="Reason"
          rows={3}
          errors={fields.reason.errors}
          {...getTextareaProps(fields.reason)}
        />
        <Button type="submit" variant="destructive">
          Disqualify submission
        </Button>
      </Form>
    </section>
  );
}
