import type { LoaderFunctionArgs } from "@remix-run/node";
import { classCertificatesZip } from "~/features/classrooms/class-results.server";
import { downloadResponse } from "~/utils/responses";
import { classResultsRefusal, loadClassResults } from "./class-results.server";

/** The class's certificates in one zip; back to the results page with a message when there are none. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { view, page } = await loadClassResults(request, params);
  try {
    const { zip } = await classCertificatesZip(view);
    return downloadResponse(zip, "application/zip", `certificates-${view.contest.slug}.zip`);
  } catch (error) {
    return classResultsRefusal(page, error);
  }
}
