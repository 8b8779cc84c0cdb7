import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/features/accounts/auth.server";
import { entrantCertificate } from "~/features/results/certificate.server";
import { downloadResponse, notFound } from "~/utils/responses";

/**
 * The certificate (PDF) of an awarded entry, once results are out: the entrant's own, or one an
 * educator sent for this user as a pupil (it names the pupil, docs/decisions/0031).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const certificate = await entrantCertificate(user.id, params.id ?? "");
  if (!certificate) throw notFound();
  return downloadResponse(certificate.pdf, "application/pdf", certificate.fileName);
}
