/**
 * Who wrote an entry (docs/decisions/0031-classrooms-and-shared-computers.md): the pupil when an
 * educator sent it for one ("Mia R."), otherwise the entrant. One home for results (public
 * names, certificates), the admin's pages and CSVs, and the judge's page of a contest without
 * anonymity, which reads the writer alone: never the educator who sent it nor their school.
 * (Here because judging is the capability results and entries both import; classrooms'
 * `pupilName` says the same.)
 */
export const writerSelect = {
  entrant: { select: { displayName: true } },
  pupil: { select: { firstName: true, lastInitial: true } },
} as const;

type Pupil = { firstName: string; lastInitial: string } | null;

/** The writer alone: the pupil's "First L." for a class entry, otherwise the entrant's name. */
export const writerName = (e: { entrant: { displayName: string }; pupil: Pupil }) =>
  e.pupil ? pupilWriterName(e.pupil) : e.entrant.displayName;

/** A pupil's "First L.", or "First" when no initial was given (never invented, ADR 0041). */
export const pupilWriterName = (p: NonNullable<Pupil>) =>
  p.lastInitial ? `${p.firstName} ${p.lastInitial}.` : p.firstName;

/** What an admin reads: the writer and, for a class entry, who sent it from which school. */
export const adminWriterSelect = {
  entrant: {
    select: {
      displayName: true,
      email: true,
      educator: { select: { school: { select: { name: true } } } },
    },
  },
  pupil: { select: { firstName: true, lastInitial: true } },
} as const;

type AdminWriterFacts = {
  entrant: {
    displayName: string;
    email?: string;
    educator: { school: { name: string } } | null;
  };
  pupil: Pupil;
};

/** The parts of the admin's columns: pupil and sender only for a class entry; the school. */
export function adminWriter(e: AdminWriterFacts) {
  const sender = e.entrant.displayName || e.entrant.email || "";
  const school = e.entrant.educator?.school.name ?? "";
  if (!e.pupil) return { label: sender, pupil: "", sentBy: "", school };
  const pupil = writerName(e);
  return {
    label: `${pupil} (sent by ${sender}${school ? `, ${school}` : ""})`,
    pupil,
    sentBy: sender,
    school,
  };
}

/** "Mia R. (sent by Grace Hopkins, Maple Grove Primary)", or the entrant's name. */
export const adminWriterLabel = (e: AdminWriterFacts) => adminWriter(e).label;

/**
 * The admin's writer facts from one row of SQL (ADR 0060): the entrant, their school when they
 * are an educator (the school is joined through Educator, so a name means one), and the pupil of
 * a class entry.
 */
export function adminWriterFromRow(r: {
  displayName: string;
  email: string;
  schoolName: string | null;
  firstName: string | null;
  lastInitial: string | null;
}) {
  return {
    entrant: {
      displayName: r.displayName,
      email: r.email,
      educator: r.schoolName === null ? null : { school: { name: r.schoolName } },
    },
    pupil:
      r.firstName === null ? null : { firstName: r.firstName, lastInitial: r.lastInitial ?? "" },
  };
}
