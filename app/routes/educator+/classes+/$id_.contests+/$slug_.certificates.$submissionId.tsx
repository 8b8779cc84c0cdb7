import type { LoaderFunctionArgs } from "@remix-run/node";
import { classCertificate } from "~/features/classrooms/class-results.server";
import { downloadResponse, notFound } from "~/utils/responses";
import { loadClassResults } from "./class-results.server";

/** One pupil's certificate (PDF, naming the pupil), for an awarded entry of this class. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { view } = await loadClassResults(request, params);
  const certificate = await classCertificate(view, params.submissionId ?? "");
  if (!certificate) throw notFound("No such certificate");
  return downloadResponse(certificate.pdf, "application/pdf", certificate.fileName);
}
