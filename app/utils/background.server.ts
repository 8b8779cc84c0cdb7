/**
 * Work that runs after the answer has gone (e.g. the forgot-password e-mail), so how long it
 * takes tells the asker nothing (docs/decisions/0025-accounts-and-tokens.md). Errors are logged,
 * never thrown; tests wait for it with settleBackground().
 */
const pending = new Set<Promise<void>>();

export function runDetached(name: string, work: () => Promise<unknown>) {
  const run: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(work)
    .then(
      () => undefined,
      (error) => console.error(`[background] ${name} failed`, error),
    )
    .finally(() => pending.delete(run));
  pending.add(run);
}

/** Resolves when every detached job started so far has finished. */
export async function settleBackground() {
  while (pending.size) await Promise.all([...pending]);
}
