/**
 * The class list import (docs/decisions/0031-classrooms-and-shared-computers.md): a preview that
 * checks every row against the file and the roster and writes nothing, then a confirm that
 * checks the same text again and writes only the valid rows, in one transaction.
 */
import { DomainError } from "~/utils/domain-error";
import { addPupils, rosterKeys } from "./classes.server";
import { ownClassroom } from "./educator-access.server";
import { previewImport } from "./roster-import";

export async function previewClassImport(educatorId: string, classroomId: string, text: string) {
  const classroom = await ownClassroom(educatorId, classroomId);
  return previewImport(text, await rosterKeys(classroom.id));
}

/** Adds the valid rows of the previewed text; the others are left out. */
export async function confirmClassImport(educatorId: string, classroomId: string, text: string) {
  const preview = await previewClassImport(educatorId, classroomId, text);
  if (!preview.ok) throw new DomainError(preview.error);
  const valid = preview.rows.flatMap((r) => (r.pupil ? [r.pupil] : []));
  if (valid.length === 0) throw new DomainError("No row of the file can be added.");
  return addPupils(educatorId, classroomId, valid);
}
