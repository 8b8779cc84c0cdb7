/**
 * Which interactive transaction the running work is inside (docs/decisions/0082-postgresql-direct-reads.md):
 * a read without Prisma's client (db-read.server.ts) made inside `prisma.$transaction(async (tx)
 * => …)` goes through that transaction's client instead, never beside it on another connection.
 */
import { AsyncLocalStorage } from "node:async_hooks";

type Scope = { tx: unknown; open: boolean };
declare global {
  // Beside the client (a tool importing db.server.ts beside the built server shares it).
  var __inkwellTransactionScope: AsyncLocalStorage<Scope> | undefined;
}
const scopes = (globalThis.__inkwellTransactionScope ??= new AsyncLocalStorage<Scope>());

/** The transaction client of the interactive transaction the caller is in, while it is open. */
export function openTransaction<T>(): T | undefined {
  const scope = scopes.getStore();
  return scope?.open ? (scope.tx as T) : undefined;
}

type Transacting = { $transaction: (...args: never[]) => unknown };

/**
 * The client, its interactive transactions' work run inside their scope: work started there
 * that outlives the transaction (a promise not awaited) finds it closed and reads as any other.
 */
export function withTransactionScope<C extends Transacting>(client: C): C {
  return new Proxy(client, {
    get(target, key, receiver) {
      if (key !== "$transaction") return Reflect.get(target, key, receiver);
      const transaction = target.$transaction.bind(target) as (w: unknown, o?: unknown) => unknown;
      return (work: unknown, options?: unknown) => {
        if (typeof work !== "function") return transaction(work, options);
        return transaction(async (tx: unknown) => {
          const scope = { tx, open: true };
          try {
            return await scopes.run(scope, () => (work as (tx: unknown) => unknown)(tx));
          } finally {
            scope.open = false;
          }
        }, options);
      };
    },
  });
}
