/**
 * What constrains an assignment in one contest (docs/decisions/0033-judging-panel.md), read once
 * per run: the panel's accepted judges in the order they joined, their capacities and division
 * restrictions, and every judge-entry pair that must never be made (a recorded or declared
 * conflict of interest, or a recusal). Read inside the writing transaction when one is given.
 *
 * Conflicts cover entries as follows: "entrant", entries the user wrote (also as a class's pupil)
 * or sent; "educator", entries the educator sent and entries whose writer is a pupil of one of
 * their classes; "school", entries whose writer is a pupil of a class at that school and entries
 * sent by an educator there. The writer is a class's pupil however the entry was sent: a roster
 * pupil the teacher entered, a joined pupil the teacher entered, or a joined pupil who entered
 * alone (their account is a Pupil of the class; ADR 0045). A school declared by name matches a
 * school of that name, letter case and surrounding spaces aside. One read, set-based.
 */
import { prisma, type Prisma } from "~/utils/db.server";
import { assignableJudge, type RecusalReason } from "./panel-rules";

type Db = Prisma.TransactionClient | typeof prisma;

export type PanelConstraints = {
  /** Accepted, assignable panel judges, oldest acceptance first (the rotation order). */
  judgeIds: string[];
  /** The most entries a judge takes in the contest, all rounds together (absent: no limit). */
  capacity: Map<string, number>;
  /** Divisions each restricted judge may judge (absent or empty: any). */
  judgeDivisions: Map<string, Set<string>>;
  /** judgeId -> entry ids never to give that judge (conflicts and recusals). */
  barred: Map<string, Set<string>>;
  /** Why a pair is barred, for the shortfall report: "conflict" or "recusal". */
  barredWhy: (judgeId: string, submissionId: string) => "conflict" | "recusal" | null;
};

export async function panelConstraints(
  contestId: string,
  entryIds: readonly string[],
  db: Db = prisma,
): Promise<PanelConstraints> {
  const members = await db.panelMember.findMany({
    where: { contestId, status: "accepted", judge: assignableJudge },
    select: { judgeId: true, capacity: true },
    orderBy: [{ respondedAt: "asc" }, { createdAt: "asc" }, { judgeId: "asc" }],
  });
  const judgeIds = members.map((m) => m.judgeId);
  const capacity = new Map<string, number>();
  for (const m of members) if (m.capacity !== null) capacity.set(m.judgeId, m.capacity);

  const restricted = await db.judgeDivision.findMany({
    where: { division: { contestId }, judgeId: { in: judgeIds } },
    select: { judgeId: true, divisionId: true },
  });
  const judgeDivisions = new Map<string, Set<string>>();
  for (const r of restricted) {
    const set = judgeDivisions.get(r.judgeId) ?? new Set<string>();
    set.add(r.divisionId);
    judgeDivisions.set(r.judgeId, set);
  }

  const barred = new Map<string, Set<string>>();
  const recused = new Set<string>();
  const bar = (judgeId: string, submissionId: string) => {
    let set = barred.get(judgeId);
    if (!set) barred.set(judgeId, (set = new Set()));
    set.add(submissionId);
  };
  const recusals = await db.recusal.findMany({
    where: { contestId, judgeId: { in: judgeIds } },
    select: { judgeId: true, submissionId: true },
  });
  for (const r of recusals) {
    bar(r.judgeId, r.submissionId);
    recused.add(`${r.judgeId} ${r.submissionId}`);
  }

  const conflicts = await db.conflict.findMany({
    where: { judgeId: { in: judgeIds }, OR: [{ contestId }, { contestId: null }] },
    select: {
      judgeId: true,
      kind: true,
      entrantId: true,
      schoolId: true,
      schoolName: true,
      educatorId: true,
    },
  });
  if (conflicts.length && entryIds.length) {
    // Schools declared by name: matched to the schools of that name.
    const names = new Set(
      conflicts.flatMap((c) => (c.schoolName ? [normalSchoolName(c.schoolName)] : [])),
    );
    const schoolIdsByName = new Map<string, string[]>();
    if (names.size) {
      const schools = await db.school.findMany({ select: { id: true, name: true } });
      for (const s of schools) {
        const key = normalSchoolName(s.name);
        if (!names.has(key)) continue;
        schoolIdsByName.set(key, [...(schoolIdsByName.get(key) ?? []), s.id]);
      }
    }
    const users = new Set<string>();
    const educators = new Set<string>();
    const schools = new Set<string>();
    const rules = conflicts.map((c) => {
      const schoolIds = new Set<string>(
        c.schoolId
          ? [c.schoolId]
          : c.schoolName
            ? (schoolIdsByName.get(normalSchoolName(c.schoolName)) ?? [])
            : [],
      );
      if (c.kind === "entrant" && c.entrantId) users.add(c.entrantId);
      if (c.kind === "educator" && c.educatorId) educators.add(c.educatorId);
      if (c.kind === "school") for (const id of schoolIds) schools.add(id);
      return { ...c, schoolIds };
    });
    const covered = await coveredEntries(db, contestId, entryIds, users, educators, schools);
    for (const entry of covered) {
      for (const rule of rules) {
        const hit =
          rule.kind === "entrant"
            ? rule.entrantId !== null &&
              (entry.entrantId === rule.entrantId || entry.writerUserId === rule.entrantId)
            : rule.kind === "educator"
              ? rule.educatorId !== null &&
                (entry.entrantId === rule.educatorId ||
                  entry.classEducatorIds.includes(rule.educatorId))
              : rule.kind === "school"
                ? entry.schoolIds.some((id) => rule.schoolIds.has(id))
                : false;
        if (hit) bar(rule.judgeId, entry.id);
      }
    }
  }

  return {
    judgeIds,
    capacity,
    judgeDivisions,
    barred,
    barredWhy: (judgeId, submissionId) =>
      recused.has(`${judgeId} ${submissionId}`)
        ? "recusal"
        : barred.get(judgeId)?.has(submissionId)
          ? "conflict"
          : null,
  };
}

/** A school's name as compared: letter case, inner runs of spaces and outer spaces aside. */
export function normalSchoolName(name: string): string {
  return name.trim().replace(/\s+/g, " ").toLowerCase();
}

const CHUNK = 500;

/**
 * The entries among `entryIds` that any conflict could cover, with what a conflict is matched
 * against: read in chunks of ids, only entries that touch one of the users, educators or schools.
 */
async function coveredEntries(
  db: Db,
  contestId: string,
  entryIds: readonly string[],
  users: Set<string>,
  educators: Set<string>,
  schools: Set<string>,
) {
  const people = [...users, ...educators];
  const schoolIds = [...schools];
  // The writer's classes: the entry's pupil's class, and every class the writing account joined
  // (a joined pupil entering alone, or a teacher's entry for a pupil who joined other classes).
  const inClass = (classroom: Prisma.ClassroomWhereInput): Prisma.SubmissionWhereInput[] => [
    { pupil: { classroom } },
    { pupilId: null, entrant: { pupils: { some: { classroom } } } },
    { pupil: { user: { pupils: { some: { classroom } } } } },
  ];
  const or: Prisma.SubmissionWhereInput[] = [];
  if (people.length) or.push({ entrantId: { in: people } });
  if (users.size) or.push({ pupil: { userId: { in: [...users] } } });
  if (educators.size) or.push(...inClass({ educatorId: { in: [...educators] } }));
  if (schoolIds.length) {
    or.push(...inClass({ educator: { schoolId: { in: schoolIds } } }));
    or.push({ entrant: { educator: { schoolId: { in: schoolIds } } } });
  }
  if (or.length === 0) return [];
  const out: {
    id: string;
    entrantId: string;
    writerUserId: string | null;
    classEducatorIds: string[];
    schoolIds: string[];
  }[] = [];
  const classSelect = {
    select: {
      classroom: { select: { educatorId: true, educator: { select: { schoolId: true } } } },
    },
  } as const;
  // A few entries (a replacement): by id. Many (a whole round): one read of the contest's entries
  // that touch a conflict, kept when they are among `entryIds`.
  const wanted = entryIds.length > CHUNK ? new Set(entryIds) : null;
  const batches = wanted ? [null] : chunks(entryIds, CHUNK);
  for (const ids of batches) {
    const rows = await db.submission.findMany({
      where: { contestId, ...(ids ? { id: { in: ids } } : {}), OR: or },
      select: {
        id: true,
        entrantId: true,
        pupilId: true,
        entrant: { select: { educator: { select: { schoolId: true } }, pupils: classSelect } },
        pupil: {
          select: {
            userId: true,
            classroom: classSelect.select.classroom,
            user: { select: { pupils: classSelect } },
          },
        },
      },
    });
    for (const r of rows) {
      if (wanted && !wanted.has(r.id)) continue;
      const classes = [
        ...(r.pupil ? [r.pupil.classroom] : []),
        ...(r.pupil?.user?.pupils ?? []).map((p) => p.classroom),
        ...(r.pupilId === null ? r.entrant.pupils.map((p) => p.classroom) : []),
      ];
      const ids = [r.entrant.educator?.schoolId, ...classes.map((c) => c.educator.schoolId)].filter(
        (id): id is string => Boolean(id),
      );
      out.push({
        id: r.id,
        entrantId: r.entrantId,
        writerUserId: r.pupil?.userId ?? null,
        classEducatorIds: classes.map((c) => c.educatorId),
        schoolIds: ids,
      });
    }
  }
  return out;
}

function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/**
 * Records that a judge stepped back from an entry (the review page's step back and the comparison
 * desk's write the same row): from then on `panelConstraints` bars the pair in every round. A
 * second step back from the same entry keeps one row with the latest reason and round.
 */
export function recordRecusal(
  tx: Prisma.TransactionClient,
  r: {
    contestId: string;
    judgeId: string;
    submissionId: string;
    round: number;
    reason: RecusalReason;
  },
) {
  return tx.recusal.upsert({
    where: {
      contestId_judgeId_submissionId: {
        contestId: r.contestId,
        judgeId: r.judgeId,
        submissionId: r.submissionId,
      },
    },
    create: r,
    update: { reason: r.reason, round: r.round },
    select: { id: true },
  });
}
