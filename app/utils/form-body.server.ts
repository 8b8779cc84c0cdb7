/**
 * Reading an action's form. The server (server/request-guards.ts) already refuses bodies that are not forms (415) and forms
 * past their size (413) before Remix runs; this is the same rule at the action, so a body that
 * still cannot be read as a form (a broken multipart body, a missing content type) is a 4xx
 * answer with a message, never a 500 (docs/decisions/0010-hardening.md).
 */
import { BODY_MESSAGES, FORM_TYPES, mediaType } from "./request-body";

function refusal(status: 400 | 415, message: string) {
  return new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}

/** Whether the request's content type is one a form sends. */
export function isFormRequest(request: Request) {
  return FORM_TYPES.includes(mediaType(request.headers.get("Content-Type")));
}

/**
 * The request's form data. Throws a 415 Response when the body is not a form, and a 400 Response
 * when it cannot be parsed; an empty body without a content type is an empty form.
 */
export async function readForm(request: Request): Promise<FormData> {
  if (!isFormRequest(request)) {
    const body = request.body ? await request.arrayBuffer().catch(() => null) : new ArrayBuffer(0);
    if (body && body.byteLength === 0) return new FormData();
    throw refusal(415, BODY_MESSAGES.notAForm);
  }
  try {
    return await request.formData();
  } catch {
    throw refusal(400, BODY_MESSAGES.unreadable);
  }
}
