import type { LoaderFunctionArgs } from "@remix-run/node";
import { educatorCertificate } from "~/features/classrooms/class-results.server";
import { downloadResponse } from "~/utils/responses";
import { classResultsRefusal, loadClassResults } from "./class-results.server";

/** The educator's certificate (PDF) for a class with a pupil who placed in this contest. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { view, educator, page } = await loadClassResults(request, params);
  try {
    const { pdf, fileName } = await educatorCertificate(view, educator);
    return downloadResponse(pdf, "application/pdf", fileName);
  } catch (error) {
    return classResultsRefusal(page, error);
  }
}
