/**
 * SQLite: the client's statements outside a transaction wait while one of its interactive
 * transactions is open (docs/decisions/0087-statements-beside-a-transaction.md).
 *
 * Prisma's SQLite adapter has one connection. Its transactions take a mutex, but a statement sent
 * outside a transaction does not: while a transaction awaits between its statements, another
 * request's statement runs on the same connection, inside that transaction. It read the
 * transaction's uncommitted rows, and its write was rolled back with the transaction while its
 * request answered success. The gate holds such a statement until the transaction has ended,
 * unless it comes from inside the transaction's own work (as before, it is part of it).
 */
import { openTransaction } from "./transaction-scope.server";

type Connection = { readonly inTransaction?: boolean };

export type TransactionGate = {
  /** Resolves once no client transaction is open on the connection (at once inside one). */
  clear(): Promise<void> | undefined;
  /** A transaction is about to release the connection: the statements waiting go first. */
  ended(): void;
};

export function transactionGate(connection: Connection): TransactionGate {
  let waiting: { promise: Promise<void>; resolve: () => void } | null = null;
  const wait = async () => {
    while (connection.inTransaction && openTransaction() === undefined) {
      if (!waiting) {
        let resolve!: () => void;
        const promise = new Promise<void>((r) => (resolve = r));
        waiting = { promise, resolve };
      }
      await waiting.promise;
    }
  };
  return {
    // No promise at all in the common case: the statement runs in the same tick as before.
    clear: () => (connection.inTransaction && openTransaction() === undefined ? wait() : undefined),
    ended() {
      const w = waiting;
      waiting = null;
      w?.resolve();
    },
  };
}
