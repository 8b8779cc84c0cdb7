/**
 * Who wrote an entry (docs/decisions/0031-classrooms-and-shared-computers.md): the pupil when an
 * educator sent it for one ("Mia R."), otherwise the entrant. Results may not import the
 * classrooms capability, so the pupil's name is made here as `pupilName` makes it there.
 */
export const writerSelect = {
  entrant: { select: { displayName: true } },
  pupil: { select: { firstName: true, lastInitial: true } },
} as const;

type Writer = {
  entrant: { displayName: string };
  pupil: { firstName: string; lastInitial: string } | null;
};

export function writerName(entry: Writer) {
  return entry.pupil
    ? `${entry.pupil.firstName} ${entry.pupil.lastInitial}.`
    : entry.entrant.displayName;
}

/** What an admin reads: the writer, and for a class entry who sent it from which school. */
export const adminWriterSelect = {
  entrant: {
    select: { displayName: true, educator: { select: { school: { select: { name: true } } } } },
  },
  pupil: { select: { firstName: true, lastInitial: true } },
} as const;

export function adminWriterLabel(entry: {
  entrant: { displayName: string; educator: { school: { name: string } } | null };
  pupil: { firstName: string; lastInitial: string } | null;
}) {
  if (!entry.pupil) return entry.entrant.displayName;
  const school = entry.entrant.educator?.school.name;
  return `${writerName(entry)} (sent by ${entry.entrant.displayName}${school ? `, ${school}` : ""})`;
}

/** A certificate's file name, naming the writer: "inkwell-certificate-mia-r.pdf". */
export function certificateFileName(writer: string) {
  const slug = writer
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return `inkwell-certificate${slug ? `-${slug}` : ""}.pdf`;
}
