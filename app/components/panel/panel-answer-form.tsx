import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { Form } from "@remix-run/react";
import { FormErrorAlert } from "~/components/contests/contest-library";
import { Button } from "~/components/ui/button";
import { Field, TextareaField } from "~/components/ui/field";
import { MIN_PASSWORD_LENGTH } from "~/features/accounts/auth-schemas";
import { MAX_WORK_WITH } from "~/features/panel/declarations";

/**
 * Accept or decline a panel invitation, with the judge's own school and the schools they work
 * with (docs/decisions/0033-judging-panel.md). Used by /panel-invitation/:token and /judge; a new
 * account also chooses its password here.
 */
export function PanelAnswerForm({
  formId,
  contestId,
  contestTitle,
  defaults,
  needsPassword = false,
  lastResult,
}: {
  formId: string;
  /** Sent along on /judge, where several invitations may wait. */
  contestId?: string;
  contestTitle: string;
  defaults: { ownSchool: string; workWith: string };
  needsPassword?: boolean;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useForm<{
    ownSchool: string;
    workWith: string;
    password: string;
    confirmPassword: string;
  }>({
    id: formId,
    lastResult,
    defaultValue: defaults,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <FormErrorAlert errors={form.errors} />
      {contestId ? <input type="hidden" name="contestId" value={contestId} /> : null}
      <fieldset className="space-y-4">
        <legend className="text-base font-semibold text-slate-800">Schools you are close to</legend>
        <p className="text-base text-slate-700">
          You will never be given a story from these schools. Only Inkwell admins see them.
        </p>
        <Field
          label="Your school (optional)"
          hint="The school you work at or go to."
          autoComplete="organization"
          errors={fields.ownSchool.errors}
          {...getInputProps(fields.ownSchool, { type: "text" })}
        />
        <TextareaField
          label="Schools you work with (optional)"
          hint={`One school a line, at most ${MAX_WORK_WITH}.`}
          rows={3}
          errors={fields.workWith.errors}
          {...getTextareaProps(fields.workWith)}
        />
      </fieldset>
      {needsPassword ? (
        <fieldset className="space-y-4">
          <legend className="text-base font-semibold text-slate-800">Your password</legend>
          <Field
            label="New password"
            autoComplete="new-password"
            hint={`At least ${MIN_PASSWORD_LENGTH} characters. You need it to accept.`}
            errors={fields.password.errors}
            {...getInputProps(fields.password, { type: "password" })}
          />
          <Field
            label="Repeat password"
            autoComplete="new-password"
            errors={fields.confirmPassword.errors}
            {...getInputProps(fields.confirmPassword, { type: "password" })}
          />
        </fieldset>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button
          type="submit"
          name="intent"
          value="accept"
          aria-label={`Accept: judge ${contestTitle}`}
        >
          Accept
        </Button>
        <Button
          type="submit"
          name="intent"
          value="decline"
          variant="outline"
          formNoValidate
          aria-label={`Decline: do not judge ${contestTitle}`}
        >
          Decline
        </Button>
      </div>
    </Form>
  );
}
