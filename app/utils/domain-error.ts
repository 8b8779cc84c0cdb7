import type { SubmissionResult } from "@conform-to/react";

/**
 * A refusal the user should read, thrown by a feature's data access and turned into a form error
 * or a toast in one place (`~/utils/action.server`). `field` names the input it is about, if any.
 * Anything else thrown is a bug and goes to the error boundary.
 */
export class DomainError extends Error {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/**
 * A refusal with several messages at once, keyed by field ("" for the whole form), such as a
 * rubric edit with problems in several criteria; `message` is the first of them.
 */
export class FormRefused extends DomainError {
  constructor(readonly errors: Record<string, string[]>) {
    super(Object.values(errors).flat()[0] ?? "", Object.keys(errors)[0] || undefined);
  }
}

/**
 * A limit that lifts by itself (send again in a few minutes): shown under "Please wait", never
 * "Error", with the honest time to wait in the message (docs/decisions/0026-entry-flow.md).
 */
export class PleaseWait extends DomainError {
  static readonly title = "Please wait";
  constructor(
    message: string,
    readonly retryAfterMs: number,
    field?: string,
  ) {
    super(message, field);
  }
}

/**
 * A refusal from a feature that reads the form itself (receiving an entry parses its streamed
 * body): it carries conform's reply for the form and the HTTP status to answer with. `formError`
 * is the message shown above the form, if any (a field's error lives in `reply`).
 */
export class FormReplyRefused extends DomainError {
  constructor(
    readonly formError: string | null,
    readonly status: 400 | 403 | 413 | 415 | 500 | 503,
    readonly reply: SubmissionResult<string[]> | null,
  ) {
    super(formError ?? Object.values(reply?.error ?? {}).flat()[0] ?? "");
  }
}
