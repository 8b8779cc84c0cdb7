/**
 * What receiving an entry came to, for assertions: the entry received, or the refusal it threw
 * (`FormReplyRefused`: its status, message above the form and conform reply). Any other error is
 * a bug and is rethrown.
 */
import type { SubmissionResult } from "@conform-to/react";
import type { ReceivedEntry } from "~/features/entries/receive-entry.server";
import { FormReplyRefused } from "~/utils/domain-error";

export type EntryOutcome =
  | ({ ok: true } & ReceivedEntry)
  | {
      ok: false;
      status: FormReplyRefused["status"];
      formError?: string;
      reply: SubmissionResult<string[]> | null;
    };

export async function settle(received: Promise<ReceivedEntry>): Promise<EntryOutcome> {
  try {
    return { ok: true, ...(await received) };
  } catch (error) {
    if (!(error instanceof FormReplyRefused)) throw error;
    return {
      ok: false,
      status: error.status,
      ...(error.formError === null ? {} : { formError: error.formError }),
      reply: error.reply,
    };
  }
}

/** `receive` with its refusals settled into outcomes. */
export function settled<A extends unknown[]>(receive: (...args: A) => Promise<ReceivedEntry>) {
  return (...args: A) => settle(receive(...args));
}
