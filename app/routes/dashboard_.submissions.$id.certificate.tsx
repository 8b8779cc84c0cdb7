import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/features/accounts/auth.server";
import { entrantCertificate } from "~/features/results/certificate.server";
import { notFound } from "~/utils/responses";

/** The certificate (PDF) of the entrant's own awarded entry, once results are out. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const pdf = await entrantCertificate(user.id, params.id ?? "");
  if (!pdf) throw notFound();
  return new Response(Buffer.from(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": 'attachment; filename="inkwell-certificate.pdf"',
      "Cache-Control": "private, no-store",
    },
  });
}
