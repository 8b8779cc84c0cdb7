/**
 * The Inngest endpoint (docs/decisions/0017-contest-lifecycle.md): the SDK's Remix handler
 * answers Inngest's introspection and runs the functions. Outside dev mode every call must carry
 * Inngest's signature (INNGEST_SIGNING_KEY); the cross-site post guard exempts this path.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { serve } from "inngest/remix";
import { inngestServed } from "~/utils/env.server";
import { notFound } from "~/utils/responses";
import { functions, inngest } from "../../../inngest/functions";

const handler = serve({ client: inngest, functions });

/** With the embedded scheduler (no dev server, no signing key) there is no endpoint. */
async function serveOrNotFound(args: LoaderFunctionArgs | ActionFunctionArgs) {
  if (!inngestServed()) throw notFound();
  return handler(args);
}

export const loader = (args: LoaderFunctionArgs) => serveOrNotFound(args);
export const action = (args: ActionFunctionArgs) => serveOrNotFound(args);
