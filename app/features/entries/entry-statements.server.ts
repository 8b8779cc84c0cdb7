/**
 * An entry's submit in few raw statements (docs/decisions/0078-rush-entry-cpu.md): what it reads
 * before the body (one statement), what it reads at the moment of the write (one statement), and
 * the entry's row. Each replaces several Prisma model calls of the same rules, with the same
 * columns, order and types (values through `fromSql`, enums cast to text).
 */
import {
  CONTEST_COLUMNS,
  contestFromSql,
  type RawContestRow,
} from "~/features/contests/public-contests.server";
import { entrantIdentities, joinedClassTeachers } from "~/features/anonymity/identity.server";
import type { Identity } from "~/features/anonymity/identity-hits";
import { divisionFromSql, type RawDivision } from "~/features/divisions/divisions.server";
import type { DivisionRule } from "~/features/divisions/eligibility";
import { Prisma } from "~/generated/prisma/client";
import { readRows } from "~/utils/db-read.server";
import { engine, fromSql, type SubmissionStatus } from "~/utils/db.server";
import { COUNTED_STATUSES } from "./entry-limit";
import { byWriterOnly, countedEntries, type Writer } from "./entry-limit.server";
import type { EntryContent } from "./repeat-entry.server";
import { REPEAT_WINDOW_MS } from "./repeat-entry.server";

type Int = number | bigint;
type Db = Pick<Prisma.TransactionClient, "$queryRaw" | "$executeRaw">;

const COUNT_OF = (writer: Writer, contestId: string) =>
  Prisma.sql`(SELECT COUNT(*) FROM (${countedEntries(writer, contestId)}) x)`;

/** What a signed-in writer's own submit reads before its body: see `readBeforeBody`. */
export type BeforeBody = {
  /** The contest's divisions, in placing order (none: one pool). */
  divisions: DivisionRule[];
  /** The writer's counted entries in the contest (the limit's count). */
  used: number;
  /** Where an entry would name its writer (`writerIdentities`' answer). */
  identities: Identity[];
};

/**
 * A signed-in writer's own entry, before its body is read: the contest's divisions (the word
 * range the form is checked against), the writer's counted entries (a writer at the limit never
 * has a file stored) and their identities (name and e-mail from the session's account, their own
 * school and their classes' teachers and schools), as one statement of indexed parts instead of
 * four or five. The write reads what its rules need again.
 */
export async function readBeforeBody(
  account: { id: string; displayName: string; email: string },
  contestId: string,
): Promise<BeforeBody> {
  const rows = await readRows<
    Partial<RawDivision> & {
      kind: "division" | "used" | "school" | "teacher";
      n: Int | null;
      since: unknown;
    }
  >`
    SELECT 'division' AS "kind", d."id" AS "id", d."name" AS "name", d."basis" AS "basis",
      d."position" AS "n", d."min" AS "min", d."max" AS "max", d."wordMin" AS "wordMin",
      d."wordMax" AS "wordMax", d."ageOn" AS "ageOn", d."createdAt" AS "since"
    FROM "Division" d WHERE d."contestId" = ${contestId}
    UNION ALL
    SELECT 'used', NULL, NULL, NULL, ${COUNT_OF({ userId: account.id }, contestId)},
      NULL, NULL, NULL, NULL, NULL, NULL
    UNION ALL
    SELECT 'school', sc."name", NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
    FROM "Educator" e JOIN "School" sc ON sc."id" = e."schoolId" WHERE e."userId" = ${account.id}
    UNION ALL
    SELECT 'teacher', t."displayName", t."school", NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
    FROM (${joinedClassTeachers(account.id)}) t
    ORDER BY "kind", "n", "since"`;
  const divisions: DivisionRule[] = [];
  const teachers: { displayName: string; school: string }[] = [];
  let used = 0;
  let school: string | null = null;
  for (const r of rows) {
    if (r.kind === "division")
      divisions.push(divisionFromSql({ ...(r as RawDivision), position: r.n ?? 0 }));
    else if (r.kind === "used") used = fromSql.int(r.n);
    else if (r.kind === "school") school = r.id ?? null;
    else teachers.push({ displayName: r.id ?? "", school: r.name ?? "" });
  }
  return {
    divisions,
    used,
    identities: entrantIdentities({ ...account, school }, teachers),
  };
}

/** What the write's rules read at the moment of the write: see `readAtWrite`. */
export type AtWrite = {
  /** The published contest's row (null: gone or unpublished). */
  contest: ReturnType<typeof contestFromSql> | null;
  /** The sending account as it is now (null: deleted). */
  account: {
    id: string;
    dateOfBirth: Date | null;
    parentConsentAt: Date | null;
    displayName: string;
    grade: number | null;
  } | null;
  /** The row the form's key names, if any. */
  key: { entrantId: string; status: string } | null;
  /** The writer's same entry made in the last few minutes (`findRepeatedEntry`'s answer). */
  repeated: { id: string; status: string } | null;
  /** The writer's counted entries in the contest. */
  used: number;
  divisions: DivisionRule[];
};

/**
 * Inside the entry's transaction, one statement for every read its rules make at the moment of
 * the write: the contest's window and settings, the account's eligibility, the form key's row, a
 * repeat of the same entry, the writer's counted entries and the contest's divisions (one row per
 * division, else one row). Before, six Prisma model calls and a raw count.
 */
export async function readAtWrite(tx: Db, input: AtWriteInput): Promise<AtWrite> {
  return atWriteFrom(await tx.$queryRaw<AtWriteRow[]>(atWriteQuery(input)));
}

/** What `readAtWrite` is asked. */
export type AtWriteInput = {
  contestId: string;
  accountId: string;
  key: string;
  writer: Writer;
  repeat: EntryContent;
  now: Date;
};

/** `readAtWrite`'s statement (run by the client, or directly: docs/decisions/0080-rush-direct-write.md). */
export function atWriteQuery(input: AtWriteInput): Prisma.Sql {
  const { contestId, repeat } = input;
  const is = (value: string | number | null | undefined) =>
    value === null || value === undefined ? Prisma.sql`IS NULL` : Prisma.sql`= ${value}`;
  return Prisma.sql`
    SELECT ${CONTEST_COLUMNS},
      u."id" AS "accountId", u."dateOfBirth" AS "accountBorn",
      u."parentConsentAt" AS "accountConsent", u."displayName" AS "accountName",
      u."grade" AS "accountGrade",
      k."entrantId" AS "keyEntrant", CAST(k."status" AS TEXT) AS "keyStatus",
      r."id" AS "repeatId", r."status" AS "repeatStatus",
      ${COUNT_OF(input.writer, contestId)} AS "used",
      d."id" AS "dId", d."name" AS "dName", d."basis" AS "dBasis", d."position" AS "dPosition",
      d."min" AS "dMin", d."max" AS "dMax", d."wordMin" AS "dWordMin", d."wordMax" AS "dWordMax",
      d."ageOn" AS "dAgeOn"
    FROM (SELECT 1 AS "one") o
    LEFT JOIN "Contest" c ON c."id" = ${contestId} AND c."isPublished" = true
    LEFT JOIN "User" u ON u."id" = ${input.accountId}
    LEFT JOIN "Submission" k ON k."id" = ${input.key}
    LEFT JOIN (
      SELECT s."id", CAST(s."status" AS TEXT) AS "status" FROM "Submission" s
      WHERE s."entrantId" = ${repeat.entrantId} AND ${byWriterOnly(
        Prisma.sql`s."contestId" = ${contestId} AND s."pupilId" ${is(repeat.pupilId)}`,
        Prisma.sql`+s."contestId" = ${contestId} AND +s."pupilId" ${is(repeat.pupilId)}`,
      )}
        AND s."status" IN (${Prisma.join([...COUNTED_STATUSES])})
        AND s."createdAt" >= ${new Date(input.now.getTime() - REPEAT_WINDOW_MS)}
        AND s."title" = ${repeat.title} AND s."body" ${is(repeat.body)}
        AND s."fileName" ${is(repeat.file?.name)} AND s."fileSize" ${is(repeat.file?.size)}
      ORDER BY s."createdAt" DESC LIMIT 1
    ) r ON 1 = 1
    LEFT JOIN "Division" d ON d."contestId" = c."id"
    ORDER BY d."position", d."createdAt"`;
}

type AtWriteRow = RawContestRow & {
  accountId: string | null;
  accountBorn: Date | string | null;
  accountConsent: Date | string | null;
  accountName: string | null;
  accountGrade: Int | null;
  keyEntrant: string | null;
  keyStatus: string | null;
  repeatId: string | null;
  repeatStatus: string | null;
  used: Int;
  dId: string | null;
  dName: string;
  dBasis: string;
  dPosition: Int;
  dMin: Int;
  dMax: Int;
  dWordMin: Int | null;
  dWordMax: Int | null;
  dAgeOn: Date | string | null;
};

/** `readAtWrite`'s answer from its statement's rows. */
export function atWriteFrom(rows: AtWriteRow[]): AtWrite {
  const first = rows[0];
  return {
    contest: first.id === null ? null : contestFromSql(first),
    account:
      first.accountId === null
        ? null
        : {
            id: first.accountId,
            dateOfBirth: fromSql.dateOrNull(first.accountBorn),
            parentConsentAt: fromSql.dateOrNull(first.accountConsent),
            displayName: first.accountName ?? "",
            grade: first.accountGrade === null ? null : fromSql.int(first.accountGrade),
          },
    key:
      first.keyEntrant === null
        ? null
        : { entrantId: first.keyEntrant, status: first.keyStatus ?? "" },
    repeated:
      first.repeatId === null ? null : { id: first.repeatId, status: first.repeatStatus ?? "" },
    used: fromSql.int(first.used),
    divisions: rows
      .filter((r) => r.dId !== null)
      .map((r) =>
        divisionFromSql({
          id: r.dId!,
          name: r.dName,
          basis: r.dBasis,
          position: r.dPosition,
          min: r.dMin,
          max: r.dMax,
          wordMin: r.dWordMin,
          wordMax: r.dWordMax,
          ageOn: r.dAgeOn,
        }),
      ),
  };
}

/** The entry's row, as the client's `submission.create` wrote it (both timestamps `now`). */
export type EntryRow = {
  id: string;
  contestId: string;
  entrantId: string;
  pupilId: string | null;
  divisionId: string | null;
  title: string;
  body: string | null;
  wordCount: number;
  status: SubmissionStatus;
  filePath: string | null;
  fileName: string | null;
  fileType: string | null;
  fileSize: number | null;
  showIfAwarded: boolean;
  aiPolicyBroken: boolean;
  mentionsEntrant: boolean;
};

/** Writes the entry's row with one raw INSERT (the triggers keep the counters, as before). */
export async function insertEntry(tx: Db, row: EntryRow, now: Date) {
  await tx.$executeRaw(insertEntryQuery(row, now));
}

/** `insertEntry`'s statement. */
export function insertEntryQuery(row: EntryRow, now: Date): Prisma.Sql {
  return Prisma.sql`INSERT INTO "Submission" ("id", "contestId", "entrantId", "pupilId",
      "divisionId", "title", "wordCount", "status", "filePath", "fileName", "fileType", "fileSize",
      "showIfAwarded", "aiPolicyBroken", "mentionsEntrant", "createdAt", "updatedAt", "body")
    VALUES (${row.id}, ${row.contestId}, ${row.entrantId}, ${row.pupilId}, ${row.divisionId},
      ${row.title}, ${row.wordCount}, ${statusValue(row.status)}, ${row.filePath}, ${row.fileName},
      ${row.fileType}, ${row.fileSize}, ${row.showIfAwarded}, ${row.aiPolicyBroken},
      ${row.mentionsEntrant}, ${now}, ${now}, ${row.body})`;
}

/** PostgreSQL's status column is an enum: the value is cast to it; SQLite stores the text. */
function statusValue(status: EntryRow["status"]) {
  return engine === "postgres"
    ? Prisma.sql`CAST(${status} AS "SubmissionStatus")`
    : Prisma.sql`${status}`;
}
