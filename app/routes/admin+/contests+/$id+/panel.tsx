/**
 * /admin/contests/:id/panel: the contest's judging panel (docs/decisions/0033-judging-panel.md).
 * Invite site judges, a new address or every site judge; each member's capacity and divisions;
 * remove a member; record and delete conflicts of interest.
 */
import { removeMember } from "~/features/assignment/leaving.server";
import { parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ContestPageHeading } from "~/components/contests/contest-library";
import { InviteCard, MemberCard, type PanelFormResult } from "~/components/panel/panel-admin";
import { requireAdmin } from "~/features/accounts/auth.server";
import {
  deleteConflict,
  panelConflicts,
  recordConflict,
  schoolOptions,
} from "~/features/panel/conflicts.server";
import { parseCapacity } from "~/features/panel/declarations";
import {
  contestDivisions,
  inviteAllJudges,
  inviteByEmail,
  inviteJudges,
  judgesOffPanel,
  panelMembers,
  saveMemberSettings,
} from "~/features/panel/panel.server";
import { panelActionSchema } from "~/features/panel/panel-schema";
import { answerRefusal } from "~/utils/action.server";
import { DomainError } from "~/utils/domain-error";
import { readForm } from "~/utils/form-body.server";
import { redirectWithToast } from "~/utils/toast.server";
import { contestOrRedirect } from "../../admin-library.server";
import { CapacityCard } from "~/components/rounds/capacity-card";
import { contestCapacity } from "~/features/rounds/capacity.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Judging panel · ${data?.contest.title ?? "Contest"} · Admin · Inkwell` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const contest = await contestOrRedirect(params.id);
  const [members, offPanel, divisions, schools, capacity] = await Promise.all([
    panelMembers(contest.id),
    judgesOffPanel(contest.id),
    contestDivisions(contest.id),
    schoolOptions(),
    contestCapacity(contest.id),
  ]);
  const conflicts = await panelConflicts(
    contest.id,
    members.map((m) => m.judgeId),
  );
  return {
    contest,
    members: members.map((m) => ({
      ...m,
      invitedAt: m.invitedAt.toISOString().slice(0, 10),
      respondedAt: m.respondedAt?.toISOString().slice(0, 10) ?? null,
      conflicts: conflicts.filter((c) => c.judgeId === m.judgeId),
    })),
    offPanel,
    divisions,
    schools,
    capacity,
  };
}

/** Forms that answer on the page with their errors (the others answer with a toast). */
const FORM_INTENTS = new Set(["invite", "invite-email", "settings", "conflict"]);

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const contest = await contestOrRedirect(params.id);
  const here = `/admin/contests/${contest.id}/panel`;
  const submission = parseWithZod(await readForm(request), { schema: panelActionSchema });
  const payload = submission.payload;
  const intent = String(payload.intent ?? "");
  const formId =
    intent === "settings" || intent === "conflict"
      ? `${intent}-${String(payload.judgeId ?? "")}`
      : intent;
  if (submission.status !== "success") {
    if (FORM_INTENTS.has(intent))
      return data<PanelFormResult>({ formId, result: submission.reply() }, { status: 400 });
    return answerRefusal(new DomainError("That form could not be read. Please try again."), {
      redirectTo: here,
    });
  }
  const v = submission.value;
  const done = (title: string, description?: string) =>
    redirectWithToast(here, { type: "success", title, ...(description ? { description } : {}) });
  try {
    switch (v.intent) {
      case "invite": {
        const n = await inviteJudges(contest.id, v.judgeId, admin.id);
        return done(n === 1 ? "1 judge invited" : `${n} judges invited`);
      }
      case "invite-email": {
        const r = await inviteByEmail(contest.id, { email: v.email, name: v.name ?? "" }, admin.id);
        return done(
          "Invitation sent",
          r.created
            ? `${r.email} has a new account and chooses a password from the e-mail.`
            : `${r.email} answers from the e-mail.`,
        );
      }
      case "invite-all": {
        const n = await inviteAllJudges(contest.id, admin.id);
        return done(n === 0 ? "Every site judge is already on the panel" : `${n} judges invited`);
      }
      case "settings":
        await saveMemberSettings(contest.id, v.judgeId, {
          capacity: parseCapacity(v.capacity) ?? null,
          divisionIds: v.divisionId,
        });
        return done("Saved");
      case "remove":
        await removeMember(contest.id, v.judgeId);
        return done(
          "Judge removed from the panel",
          "Their unscored entries in this contest were taken back; submitted scores stay.",
        );
      case "conflict":
        await recordConflict(
          contest.id,
          v.judgeId,
          {
            kind: v.kind,
            email: v.email,
            schoolId: v.schoolId,
            schoolName: v.schoolName,
            note: v.note,
          },
          admin.id,
        );
        return done("Conflict recorded", "This judge will not be given the entries it covers.");
      case "delete-conflict":
        await deleteConflict(contest.id, v.conflictId);
        return done("Conflict deleted");
    }
  } catch (error) {
    if (FORM_INTENTS.has(v.intent))
      return answerRefusal(error, { reply: submission, extra: { formId } });
    return answerRefusal(error, { redirectTo: here });
  }
}

export default function ContestPanel() {
  const { contest, members, offPanel, divisions, schools, capacity } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const resultFor = (formId: string) =>
    actionData && "formId" in actionData && actionData.formId === formId
      ? actionData.result
      : undefined;
  const accepted = members.filter((m) => m.status === "accepted").length;
  return (
    <div className="space-y-6">
      <ContestPageHeading contest={contest} title="Judging panel" />
      <p className="max-w-2xl text-slate-700">
        Only judges who accepted are given entries of this contest. A capacity is the most entries a
        judge takes here, all rounds together. Judges never see who a conflict is with.
      </p>
      <InviteCard offPanel={offPanel} resultFor={resultFor} />
      <CapacityCard capacity={capacity} />
      <section aria-labelledby="panel-members" className="space-y-4">
        <h2 id="panel-members" className="text-xl font-semibold">
          Panel ({members.length}, {accepted} accepted)
        </h2>
        {members.length === 0 ? (
          <p className="text-slate-600">Nobody is on the panel yet. Invite judges above.</p>
        ) : null}
        {members.map((m) => (
          <MemberCard
            key={m.judgeId}
            member={m}
            divisions={divisions}
            schools={schools}
            resultFor={resultFor}
          />
        ))}
      </section>
    </div>
  );
}
