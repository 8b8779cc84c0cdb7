import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { FormErrorAlert } from "~/components/contests/contest-library";
import { Badge, type BadgeVariant } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { ErrorList, Field } from "~/components/ui/field";
import { useResetKey } from "~/utils/use-reset-key";
import { ConflictForm } from "./conflict-form";
import type { Member } from "./panel-types";

/** A panel page form's answer on the page: which form, and conform's reply. */
export type PanelFormResult = { formId: string; result: SubmissionResult<string[]> };
type ResultFor = (formId: string) => SubmissionResult<string[]> | undefined;

const STATUS: Record<Member["status"], [string, BadgeVariant]> = {
  invited: ["Invited", "secondary"],
  accepted: ["Accepted", "success"],
  declined: ["Declined", "outline"],
};

const KIND_LABEL = { entrant: "Entrant", school: "School", educator: "Educator" } as const;

/** Invite chosen site judges, an address, or every site judge. */
export function InviteCard({
  offPanel,
  resultFor,
}: {
  offPanel: { id: string; email: string; displayName: string }[];
  resultFor: ResultFor;
}) {
  const pickResult = resultFor("invite");
  const emailResult = resultFor("invite-email");
  const pickKey = useResetKey(pickResult);
  const emailKey = useResetKey(emailResult);
  const [pickForm, pickFields] = useForm<{ judgeId: string[] }>({
    id: `invite-${pickKey}`,
    lastResult: pickResult,
  });
  const [emailForm, emailFields] = useForm<{ email: string; name: string }>({
    id: `invite-email-${emailKey}`,
    lastResult: emailResult,
  });
  const pickError = pickFields.judgeId.errors?.length ? "invite-pick-error" : undefined;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Invite judges</CardTitle>
      </CardHeader>
      <CardContent className="space-y-6">
        <Form method="post" {...getFormProps(pickForm)} key={pickKey}>
          <FormErrorAlert errors={pickForm.errors} />
          <fieldset aria-describedby={pickError}>
            <legend className="font-medium">Site judges not on this panel</legend>
            {offPanel.length === 0 ? (
              <p className="text-sm text-slate-600">Every site judge is on this panel.</p>
            ) : (
              <ul className="mt-2 grid gap-1 sm:grid-cols-2">
                {offPanel.map((j) => (
                  <li key={j.id}>
                    <label className="flex items-start gap-2 break-all">
                      <input type="checkbox" name="judgeId" value={j.id} className="mt-1.5" />
                      <span>
                        {j.displayName} <span className="text-slate-600">({j.email})</span>
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            )}
            <ErrorList id={pickError} errors={pickFields.judgeId.errors} />
          </fieldset>
          {offPanel.length ? (
            <Button type="submit" name="intent" value="invite" size="sm" className="mt-2">
              Invite the ticked judges
            </Button>
          ) : null}
        </Form>
        <Form
          method="post"
          {...getFormProps(emailForm)}
          key={emailKey}
          className="grid gap-3 sm:grid-cols-2"
        >
          <div className="sm:col-span-2">
            <FormErrorAlert errors={emailForm.errors} />
          </div>
          <Field
            label="E-mail address"
            hint="Someone new gets an account and chooses a password from the e-mail."
            autoComplete="off"
            errors={emailFields.email.errors}
            {...getInputProps(emailFields.email, { type: "email" })}
          />
          <Field
            label="Name (optional)"
            maxLength={100}
            errors={emailFields.name.errors}
            {...getInputProps(emailFields.name, { type: "text" })}
          />
          <div className="sm:col-span-2">
            <Button type="submit" name="intent" value="invite-email" size="sm">
              Invite by e-mail
            </Button>
          </div>
        </Form>
        <Form method="post">
          <Button type="submit" name="intent" value="invite-all" variant="outline" size="sm">
            Invite every site judge
          </Button>
          <p className="mt-1 text-sm text-slate-700">
            Everyone with the judge role who is not on this panel yet gets an invitation.
          </p>
        </Form>
      </CardContent>
    </Card>
  );
}

/** One member: standing, counts, capacity and divisions, removal, and conflicts. */
export function MemberCard({
  member: m,
  divisions,
  schools,
  resultFor,
}: {
  member: Member;
  divisions: { id: string; name: string }[];
  schools: { id: string; name: string; city: string }[];
  resultFor: ResultFor;
}) {
  const [label, variant] = STATUS[m.status];
  const who = m.displayName;
  return (
    <Card data-testid={`panel-member-${m.email}`}>
      <CardHeader>
        <CardTitle className="break-all">
          {who} <span className="text-base font-normal text-slate-600">({m.email})</span>
        </CardTitle>
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
          <Badge variant={variant}>{label}</Badge>
          {!m.active ? <span>Has not set a password yet</span> : null}
          <span>
            Invited {m.invitedAt}
            {m.respondedAt ? ` · answered ${m.respondedAt}` : ""}
          </span>
          <span>
            · {m.assigned} assigned · {m.scored} scored
          </span>
        </p>
      </CardHeader>
      <CardContent className="space-y-5">
        <SettingsForm
          // A saved change comes back as the form's new defaults.
          key={`${m.capacity ?? ""}:${m.divisionIds.join(",")}`}
          member={m}
          divisions={divisions}
          lastResult={resultFor(`settings-${m.judgeId}`)}
        />
        <section aria-label={`Conflicts of ${who}`} className="space-y-2">
          <h3 className="font-medium">Conflicts ({m.conflicts.length})</h3>
          {m.conflicts.length ? (
            <ul className="space-y-2">
              {m.conflicts.map((c) => (
                <li key={c.id} className="flex flex-wrap items-center gap-2 text-sm">
                  <Badge variant="outline">{KIND_LABEL[c.kind]}</Badge>
                  <span className="break-all">{c.with}</span>
                  {c.note ? <span className="text-slate-600">· {c.note}</span> : null}
                  <span className="text-slate-600">
                    · {c.source === "judge" ? "declared by the judge" : "recorded by an admin"}
                  </span>
                  {c.deletable ? (
                    <Form method="post">
                      <input type="hidden" name="conflictId" value={c.id} />
                      <Button
                        type="submit"
                        name="intent"
                        value="delete-conflict"
                        variant="outline"
                        size="sm"
                        aria-label={`Delete the conflict of ${who} with ${c.with}`}
                      >
                        Delete
                      </Button>
                    </Form>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-600">None.</p>
          )}
          <ConflictForm
            member={m}
            schools={schools}
            lastResult={resultFor(`conflict-${m.judgeId}`)}
          />
        </section>
        {m.status !== "accepted" ? (
          <Form method="post">
            <input type="hidden" name="judgeId" value={m.judgeId} />
            <Button
              type="submit"
              name="intent"
              value="invite"
              variant="outline"
              size="sm"
              aria-label={`${m.status === "declined" ? "Ask again" : "Send the invitation again"}: ${who}`}
            >
              {m.status === "declined" ? "Ask again" : "Send the invitation again"}
            </Button>
            <p className="mt-1 text-sm text-slate-700">
              A new link goes out by e-mail; an older one stops working.
            </p>
          </Form>
        ) : null}
        <Form method="post">
          <input type="hidden" name="judgeId" value={m.judgeId} />
          <Button
            type="submit"
            name="intent"
            value="remove"
            variant="destructive"
            size="sm"
            aria-label={`Remove ${who} from the panel`}
          >
            Remove from the panel
          </Button>
          <p className="mt-1 text-sm text-slate-700">
            Their unscored entries here are taken back; submitted scores stay.
          </p>
        </Form>
      </CardContent>
    </Card>
  );
}

function SettingsForm({
  member: m,
  divisions,
  lastResult,
}: {
  member: Member;
  divisions: { id: string; name: string }[];
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useForm<{ capacity: string }>({
    id: `settings-${m.judgeId}`,
    lastResult,
    defaultValue: { capacity: m.capacity === null ? "" : String(m.capacity) },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3">
      <FormErrorAlert errors={form.errors} />
      <input type="hidden" name="judgeId" value={m.judgeId} />
      <Field
        label={`Capacity of ${m.displayName}`}
        hint="The most entries in this contest, all rounds together. Empty: no limit."
        inputMode="numeric"
        className="max-w-xs"
        errors={fields.capacity.errors}
        {...getInputProps(fields.capacity, { type: "text" })}
      />
      {divisions.length ? (
        <fieldset>
          <legend className="font-medium">Divisions {m.displayName} judges</legend>
          <p className="text-sm text-slate-700">None ticked: any division.</p>
          <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
            {divisions.map((d) => (
              <li key={d.id}>
                <label className="flex items-center gap-2">
                  <input
                    type="checkbox"
                    name="divisionId"
                    value={d.id}
                    defaultChecked={m.divisionIds.includes(d.id)}
                  />
                  {d.name}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
      <Button type="submit" name="intent" value="settings" variant="outline" size="sm">
        Save for {m.displayName}
      </Button>
    </Form>
  );
}
