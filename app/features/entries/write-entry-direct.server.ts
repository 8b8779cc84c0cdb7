/**
 * A writer's own typed entry that needs only its row and its two outbox events, written in one
 * direct transaction without Prisma's client: on SQLite (docs/decisions/0080-rush-direct-write.md)
 * and on PostgreSQL (docs/decisions/0084-postgresql-rush-write.md). The same statements as the
 * client's transaction (`atWriteQuery`, `insertEntryQuery`, `eventsQuery`) and the same rules in
 * the same order (write-rules.ts), at the moment of the write: on SQLite BEGIN IMMEDIATE takes the
 * write lock first, on PostgreSQL the writer's row is locked first (as `lockRow` does), so the
 * read is the newest and no other entry of the writer lands between it and the write (ADR 0071).
 * Anything more (a class's pupil, a document, an AI declaration, a fee or a code, places where
 * the entry names its writer) goes to the client's transaction: then the answer is null and
 * nothing was written.
 */
import { divisionFor } from "~/features/divisions/placement";
import { DivisionRefused } from "~/features/divisions/placement";
import type { DivisionRule } from "~/features/divisions/eligibility";
import { Prisma } from "~/generated/prisma/client";
import { directWrite, pgDirectWrite } from "~/utils/db-write.server";
import { engine } from "~/utils/db.server";
import { eventsQuery } from "~/utils/outbox.server";
import { atWriteFrom, atWriteQuery, insertEntryQuery } from "./entry-statements.server";
import type { EntryWrite, EntryWritten } from "./write-entry-types";
import {
  counted,
  eligibilityMessage,
  keyRepeatAndLimit,
  openAndSignedIn,
  outsideWordRange,
} from "./write-rules";

/** Thrown inside the direct write when the entry needs the client's writes: rolls it back. */
class NeedsClient extends Error {}

type AtWriteRows = Parameters<typeof atWriteFrom>[0];

/** The read at the moment of the write. */
function readQuery(input: EntryWrite, now: Date) {
  const { user, contestId, value } = input;
  return atWriteQuery({
    contestId,
    accountId: user.id,
    key: input.id,
    writer: input.writer,
    repeat: {
      contestId,
      entrantId: user.id,
      pupilId: undefined,
      title: value.title,
      body: value.body ?? null,
      file: null,
    },
    now,
  });
}

/**
 * The rules on the read, and the statements that write the entry when they let it: the row and
 * its two events (SQLite: two statements; PostgreSQL: one, the events' INSERT in a WITH, so the
 * write is one round trip). Throws NeedsClient when the entry needs the client's writes.
 */
function decide(
  input: EntryWrite,
  rows: AtWriteRows,
  now: Date,
): { value: EntryWritten; writes: Prisma.Sql[] } {
  const { user, contestId, value } = input;
  const read = atWriteFrom(rows);
  const signedIn = openAndSignedIn(read, now);
  if ("refused" in signedIn) return { value: signedIn, writes: [] };
  const { account } = signedIn;
  const notEligible = eligibilityMessage(account);
  if (notEligible) return { value: { refused: notEligible }, writes: [] };
  const ruled = keyRepeatAndLimit(read, signedIn.contest, {
    id: input.id,
    userId: user.id,
    newKey: input.newKey,
    ai: value.ai,
    account,
  });
  if ("refused" in ruled) return { value: ruled, writes: [] };
  if ("duplicate" in ruled)
    return { value: { id: ruled.id, duplicate: true, status: ruled.status }, writes: [] };
  const { id, shown, declared } = ruled;
  // A declaration's row, or a fee's payment: the client's transaction writes those.
  if (declared || shown.entryFeeCents > 0) throw new NeedsClient();
  let placed: DivisionRule | null;
  try {
    placed = read.divisions.length ? divisionFor(read.divisions, account, now, null) : null;
  } catch (error) {
    if (!(error instanceof DivisionRefused)) throw error;
    return { value: { refused: error.message }, writes: [] };
  }
  const outside = outsideWordRange(shown, placed, input.words, counted(value, null));
  if (outside) return { value: outside, writes: [] };
  const entry = insertEntryQuery(
    {
      id,
      contestId,
      entrantId: user.id,
      pupilId: null,
      divisionId: placed?.id ?? null,
      title: value.title,
      body: value.body ?? null,
      wordCount: value.body ? value.wordCount : 0,
      status: "submitted",
      filePath: null,
      fileName: null,
      fileType: null,
      fileSize: null,
      showIfAwarded: value.showIfAwarded,
      aiPolicyBroken: false,
      mentionsEntrant: false,
    },
    now,
  );
  // The confirmation e-mail and the copy check, as the client's transaction queues them.
  const events = eventsQuery(
    [
      { name: "entry/submitted", data: { submissionId: id } },
      { name: "entry/copies.check", data: { submissionId: id } },
    ],
    now,
  );
  return {
    value: { id, duplicate: false, status: "submitted" },
    writes:
      engine === "postgres" ? [Prisma.sql`WITH "queued" AS (${events}) ${entry}`] : [entry, events],
  };
}

export async function writeOwnEntryDirectly(input: EntryWrite): Promise<EntryWritten | null> {
  const { user, file, value } = input;
  if (input.forPupil || file || input.identities.length > 0 || value.discountCode) return null;
  let written: { value: EntryWritten } | null;
  try {
    written =
      engine === "postgres"
        ? // The writer's row locked first (one writer's entries one at a time), then the read.
          await pgDirectWrite({ table: "User", id: user.id }, async (tx) => {
            const now = new Date();
            const plan = decide(input, await tx.rows(readQuery(input, now)), now);
            for (const write of plan.writes) await tx.run(write);
            return plan.value;
          })
        : // SQLite: synchronous from BEGIN IMMEDIATE to COMMIT, no await in between.
          directWrite((tx) => {
            const now = new Date();
            const plan = decide(input, tx.rows(readQuery(input, now)), now);
            for (const write of plan.writes) tx.run(write);
            return plan.value;
          });
  } catch (error) {
    if (error instanceof NeedsClient) return null;
    throw error;
  }
  return written ? written.value : null;
}
