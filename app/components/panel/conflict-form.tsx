import {
  getFormProps,
  getInputProps,
  getSelectProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { Form } from "@remix-run/react";
import { FormErrorAlert } from "~/components/contests/contest-library";
import { Button } from "~/components/ui/button";
import { ErrorList, Field, inputClass } from "~/components/ui/field";
import { useResetKey } from "~/utils/use-reset-key";
import type { Member } from "./panel-types";

/**
 * Records an admin's conflict between a panel member and an entrant or educator (by e-mail) or a
 * school (from the list or by name); docs/decisions/0033-judging-panel.md.
 */
export function ConflictForm({
  member: m,
  schools,
  lastResult,
}: {
  member: Member;
  schools: { id: string; name: string; city: string }[];
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const resetKey = useResetKey(lastResult);
  const [form, fields] = useForm<{
    kind: string;
    email: string;
    schoolId: string;
    schoolName: string;
    note: string;
  }>({ id: `conflict-${m.judgeId}-${resetKey}`, lastResult });
  const kindError = fields.kind.errors?.length ? `${fields.kind.id}-error` : undefined;
  return (
    <details open={Boolean(lastResult)}>
      <summary className="cursor-pointer text-sm font-medium">
        Record a conflict for {m.displayName}
      </summary>
      <Form method="post" {...getFormProps(form)} key={resetKey} className="mt-3 space-y-3">
        <FormErrorAlert errors={form.errors} />
        <input type="hidden" name="judgeId" value={m.judgeId} />
        <fieldset aria-describedby={kindError}>
          <legend className="font-medium">The conflict is with</legend>
          <div className="mt-1 flex flex-wrap gap-4">
            {(["entrant", "school", "educator"] as const).map((k) => (
              <label key={k} className="flex items-center gap-2">
                <input
                  type="radio"
                  name={fields.kind.name}
                  value={k}
                  defaultChecked={(fields.kind.initialValue ?? "entrant") === k}
                />
                {k === "entrant" ? "An entrant" : k === "school" ? "A school" : "An educator"}
              </label>
            ))}
          </div>
          <ErrorList id={kindError} errors={fields.kind.errors} />
        </fieldset>
        <Field
          label="E-mail address (entrant or educator)"
          autoComplete="off"
          errors={fields.email.errors}
          {...getInputProps(fields.email, { type: "email" })}
        />
        <div className="space-y-1">
          <label htmlFor={fields.schoolId.id} className="block font-medium">
            School (for a school)
          </label>
          <select {...getSelectProps(fields.schoolId)} className={inputClass}>
            <option value="">Not in the list: type its name below</option>
            {schools.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name} ({s.city})
              </option>
            ))}
          </select>
          <ErrorList id={`${fields.schoolId.id}-error`} errors={fields.schoolId.errors} />
        </div>
        <Field
          label="School's name (when it is not in the list)"
          maxLength={120}
          errors={fields.schoolName.errors}
          {...getInputProps(fields.schoolName, { type: "text" })}
        />
        <Field
          label="Note (optional)"
          hint="Only admins read it."
          maxLength={500}
          errors={fields.note.errors}
          {...getInputProps(fields.note, { type: "text" })}
        />
        <Button type="submit" name="intent" value="conflict" size="sm">
          Record conflict
        </Button>
      </Form>
    </details>
  );
}
