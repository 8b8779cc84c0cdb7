/**
 * The consent ledger's one write (docs/decisions/0031-classrooms-and-shared-computers.md): an
 * attestation with its exact wording and the names as they are now, in the caller's transaction
 * so it exists exactly when the thing it attests does. Rows are never edited.
 */
import type { Prisma } from "~/utils/db.server";
import { pupilName } from "./educator-access.server";
import { ATTESTATION_WORDING, type AttestationKind } from "./attestations";

type Tx = Prisma.TransactionClient;

export async function recordAttestation(
  tx: Tx,
  input: {
    kind: AttestationKind;
    educatorId: string;
    pupilId: string;
    contestId: string;
    submissionId?: string | null;
    at?: Date;
  },
) {
  const [educator, pupil, contest] = await Promise.all([
    tx.educator.findUniqueOrThrow({
      where: { userId: input.educatorId },
      select: { user: { select: { displayName: true, email: true } }, school: true },
    }),
    tx.pupil.findUniqueOrThrow({
      where: { id: input.pupilId },
      select: { firstName: true, lastInitial: true },
    }),
    tx.contest.findUniqueOrThrow({ where: { id: input.contestId }, select: { title: true } }),
  ]);
  return tx.consentAttestation.create({
    data: {
      kind: input.kind,
      educatorId: input.educatorId,
      educatorName: educator.user.displayName,
      educatorEmail: educator.user.email,
      schoolName: educator.school.name,
      pupilId: input.pupilId,
      pupilName: pupilName(pupil),
      contestId: input.contestId,
      contestTitle: contest.title,
      submissionId: input.submissionId ?? null,
      wording: ATTESTATION_WORDING[input.kind],
      ...(input.at ? { createdAt: input.at } : {}),
    },
  });
}

/** Whether this pupil's parental permission for this contest is on the ledger. */
export async function hasParentalPermission(tx: Tx, pupilId: string, contestId: string) {
  const row = await tx.consentAttestation.findFirst({
    where: { pupilId, contestId, kind: "parental_permission" },
    select: { id: true },
  });
  return row !== null;
}
