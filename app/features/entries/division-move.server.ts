/**
 * The admin's move of an entry to another division of its contest, with a note kept in the entry's
 * history (docs/decisions/0032-divisions-and-rounds.md). The move, its history row and the
 * ranking's version bump are one transaction, so a cached ranking never shows the entry in its
 * old division.
 */
import { releaseUnscoredAssignments } from "~/features/assignment/release.server";
import { bumpRankingVersion } from "~/features/rank-version/ranking-version.server";
import { readRows } from "~/utils/db-read.server";
import { fromSql, prisma, withBusyRetry } from "~/utils/db.server";
import { DomainError } from "~/utils/domain-error";

export class MoveRefused extends DomainError {}

/** Moves the entry to `toDivisionId`; returns the new division's name, or null (no such entry). */
export async function moveToDivision(input: {
  submissionId: string;
  toDivisionId: string;
  note: string;
  movedById: string;
}) {
  return withBusyRetry(() =>
    prisma.$transaction(async (tx) => {
      const entry = await tx.submission.findUnique({
        where: { id: input.submissionId },
        select: { contestId: true, divisionId: true, division: { select: { name: true } } },
      });
      if (!entry) return null;
      const to = await tx.division.findFirst({
        where: { id: input.toDivisionId, contestId: entry.contestId },
        select: { id: true, name: true },
      });
      if (!to) throw new MoveRefused("Choose one of this contest's divisions.", "divisionId");
      if (entry.divisionId === to.id)
        throw new MoveRefused(`The entry is already in "${to.name}".`, "divisionId");
      await tx.submission.update({
        where: { id: input.submissionId },
        data: { divisionId: to.id },
      });
      await tx.divisionMove.create({
        data: {
          submissionId: input.submissionId,
          fromName: entry.division?.name ?? null,
          toName: to.name,
          note: input.note,
          movedById: input.movedById,
        },
      });
      // Its judges were chosen for the old division: the unscored ones go, submitted scores stay,
      // and the next auto-assign gives it judges of its new division (ADR 0051).
      await releaseUnscoredAssignments(tx, { submissionIds: [input.submissionId] });
      await bumpRankingVersion(tx, entry.contestId);
      return to.name;
    }),
  );
}

/**
 * The entry's moves, oldest first, with who made each (their display name, if they still exist):
 * one raw statement (docs/decisions/0075-signed-in-request-cpu.md), without the client (0082).
 */
export async function divisionMoves(submissionId: string) {
  const rows = await readRows<{
    id: string;
    fromName: string | null;
    toName: string;
    note: string;
    movedById: string | null;
    createdAt: Date | string;
    movedByName: string | null;
  }>`
    SELECT m."id" AS "id", m."fromName" AS "fromName", m."toName" AS "toName", m."note" AS "note",
      m."movedById" AS "movedById", m."createdAt" AS "createdAt", u."displayName" AS "movedByName"
    FROM "DivisionMove" m LEFT JOIN "User" u ON u."id" = m."movedById"
    WHERE m."submissionId" = ${submissionId} ORDER BY m."createdAt" ASC, m."id" ASC`;
  return rows.map(({ movedByName, ...m }) => ({
    ...m,
    createdAt: fromSql.date(m.createdAt),
    movedBy: movedByName || "An admin",
  }));
}
