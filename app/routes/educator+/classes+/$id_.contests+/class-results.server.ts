/**
 * What every page of a class's results in one contest starts with: the signed-in educator
 * (anyone else is sent to /educator, a visitor to sign in), their own class (another's is a 404)
 * and the contest (a 404 when there is none). Not a route: vite.config.ts ignores `*.server`.
 */
import type { Params } from "@remix-run/react";
import {
  classContestResults,
  ClassResultsRefused,
} from "~/features/classrooms/class-results.server";
import { ownClassroom, requireEducator } from "~/features/classrooms/educator-access.server";
import { notFound } from "~/utils/responses";
import { redirectWithToast } from "~/utils/toast.server";

export async function loadClassResults(request: Request, params: Params) {
  const { user, educator } = await requireEducator(request);
  const classroom = await ownClassroom(educator.userId, params.id ?? "");
  const view = await classContestResults(classroom.id, params.slug ?? "");
  if (!view) throw notFound("No such contest");
  return {
    classroom,
    view,
    educator: { name: user.displayName, school: educator.school.name },
    page: classResultsPath(classroom.id, view.contest.slug),
  };
}

/** The class's results page for a contest: the page part B's class pages link to. */
export const classResultsPath = (classroomId: string, slug: string) =>
  `/educator/classes/${encodeURIComponent(classroomId)}/contests/${encodeURIComponent(slug)}/results`;

/** A refusal (no certificates yet) back on the results page as a toast. */
export function classResultsRefusal(page: string, error: unknown) {
  if (!(error instanceof ClassResultsRefused)) throw error;
  return redirectWithToast(page, {
    type: "error",
    title: "Nothing to download",
    description: error.message,
  });
}
