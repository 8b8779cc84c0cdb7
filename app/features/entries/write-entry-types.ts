/**
 * What writing one entry is given and answers (write-entry.server.ts, and its direct write on
 * SQLite, write-entry-direct.server.ts: docs/decisions/0080-rush-direct-write.md).
 */
import type { z } from "zod";
import type { identitySpans } from "~/features/anonymity/identity.server";
import type { EntryWriter } from "~/features/divisions/placement.server";
import type { Prisma } from "~/utils/db.server";
import type { Writer } from "./entry-limit.server";
import type { FileCheck, entrySchema } from "./entry-schema";

/**
 * An entry an educator sends for a pupil of their class
 * (docs/decisions/0031-classrooms-and-shared-computers.md), given by the route after it checked the
 * educator owns the pupil. The entry's sender (entrantId) is the educator; the writer is the pupil.
 * `check` and `record` run inside the entry's write transaction: a refusal writes nothing, and the
 * attestations exist exactly when the entry does.
 */
export type PupilEntry = {
  pupilId: string;
  /** The pupil's own account, when the pupil joined or was linked. */
  pupilUserId: string | null;
  /** Names an anonymous entry must not carry: the pupil's, the educator's, the school's. */
  names: string[];
  /** Who answers the AI question (ADR 0053): the teacher, for the pupil. */
  declarer: { teacherName: string; pupilName: string };
  check: (
    tx: Prisma.TransactionClient,
    form: FormData,
  ) => Promise<{ field?: string; message: string } | null>;
  record: (tx: Prisma.TransactionClient, submissionId: string, form: FormData) => Promise<void>;
};

export type EntryUser = {
  id: string;
  dateOfBirth: Date | string | null;
  parentConsentAt: Date | string | null;
};

/** The stored, inspected file of the entry. */
export type StoredEntryFile = FileCheck & { key: string; kind: NonNullable<FileCheck["kind"]> };

export type EntryWrite = {
  /** The form's entry key (or a fresh one): the row's id, so a repeated post writes nothing. */
  id: string;
  user: EntryUser;
  contestId: string;
  forPupil?: PupilEntry;
  form: FormData;
  writer: Writer;
  entryWriter: EntryWriter;
  /** The word range the form was checked against. */
  words: { wordMin: number; wordMax: number };
  value: z.infer<ReturnType<typeof entrySchema>>;
  file: StoredEntryFile | null;
  /** The document's reading text ("" for typed entries). */
  text: string;
  identities: ReturnType<typeof identitySpans>;
  /** Mints another key when the form's names someone else's entry. */
  newKey: () => string;
};

export type EntryWritten =
  { refused: string; field?: string } | { id: string; duplicate: boolean; status: string };
