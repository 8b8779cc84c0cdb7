/**
 * SQLite: a writer's own typed entry that needs only its row and its two outbox events, written
 * in one direct transaction without Prisma's client (docs/decisions/0080-rush-direct-write.md).
 * The same statements as the client's transaction (`atWriteQuery`, `insertEntryQuery`,
 * `eventsQuery`) and the same rules in the same order (write-rules.ts), at the moment of the write:
 * BEGIN IMMEDIATE takes the write lock first, so the read is the newest and the write cannot be
 * refused after it (ADR 0071). Anything more (a class's pupil, a document, an AI declaration, a
 * fee or a code, places where the entry names its writer) goes to the client's transaction, as
 * does every write on PostgreSQL: then the answer is null and nothing was written.
 */
import { divisionFor } from "~/features/divisions/placement";
import { DivisionRefused } from "~/features/divisions/placement";
import type { DivisionRule } from "~/features/divisions/eligibility";
import { directWrite } from "~/utils/db-write.server";
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

export function writeOwnEntryDirectly(input: EntryWrite): EntryWritten | null {
  const { user, contestId, value, file } = input;
  if (input.forPupil || file || input.identities.length > 0 || value.discountCode) return null;
  let written: ReturnType<typeof directWrite<EntryWritten>>;
  try {
    written = directWrite((tx): EntryWritten => {
      const now = new Date();
      const read = atWriteFrom(
        tx.rows(
          atWriteQuery({
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
          }),
        ),
      );
      const signedIn = openAndSignedIn(read, now);
      if ("refused" in signedIn) return signedIn;
      const { account } = signedIn;
      const notEligible = eligibilityMessage(account);
      if (notEligible) return { refused: notEligible };
      const ruled = keyRepeatAndLimit(read, signedIn.contest, {
        id: input.id,
        userId: user.id,
        newKey: input.newKey,
        ai: value.ai,
        account,
      });
      if ("refused" in ruled) return ruled;
      if ("duplicate" in ruled) return { id: ruled.id, duplicate: true, status: ruled.status };
      const { id, shown, declared } = ruled;
      // A declaration's row, or a fee's payment: the client's transaction writes those.
      if (declared || shown.entryFeeCents > 0) throw new NeedsClient();
      let placed: DivisionRule | null;
      try {
        placed = read.divisions.length ? divisionFor(read.divisions, account, now, null) : null;
      } catch (error) {
        if (!(error instanceof DivisionRefused)) throw error;
        return { refused: error.message };
      }
      const outside = outsideWordRange(shown, placed, input.words, counted(value, null));
      if (outside) return outside;
      tx.run(
        insertEntryQuery(
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
        ),
      );
      // The confirmation e-mail and the copy check, as the client's transaction queues them.
      tx.run(
        eventsQuery(
          [
            { name: "entry/submitted", data: { submissionId: id } },
            { name: "entry/copies.check", data: { submissionId: id } },
          ],
          now,
        ),
      );
      return { id, duplicate: false, status: "submitted" };
    });
  } catch (error) {
    if (error instanceof NeedsClient) return null;
    throw error;
  }
  return written ? written.value : null;
}
