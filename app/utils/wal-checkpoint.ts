// SQLite's WAL checkpoints off the request path (docs/decisions/0078-rush-entry-cpu.md). By
// default the connection whose COMMIT takes the WAL past 1,000 pages copies it back into the
// database file right then, fsyncs included: a deadline rush's entry waited for it (COMMIT p90
// 12.8 ms) with its worker's event loop. With several server processes the primary, which serves
// nothing, checkpoints every second instead (PASSIVE: it never waits for, nor blocks, a reader or
// a writer), and the workers' own automatic checkpoint stays only as a backstop at 10,000 pages.
import Database from "better-sqlite3";

/** Set in a worker's environment when the primary checkpoints for it. */
export const CHECKPOINT_ENV = "INKWELL_WAL_CHECKPOINTS";
export const CHECKPOINT_EVERY_MS = 1_000;
/** A worker's automatic checkpoint when the primary checkpoints: only if the primary stops. */
export const BACKSTOP_PAGES = 10_000;

type Db = { pragma(source: string, options?: { simple?: boolean }): unknown };

/** One PASSIVE checkpoint: the WAL's frames, and how many of them are now in the database file. */
export function checkpointOnce(db: Db): { log: number; checkpointed: number } {
  const [row] = db.pragma("wal_checkpoint(PASSIVE)") as {
    busy: number;
    log: number;
    checkpointed: number;
  }[];
  return { log: row.log, checkpointed: row.checkpointed };
}

/**
 * Checkpoints the SQLite file every `everyMs` from this process (its own connection, opened on the
 * first tick, so a file the workers create or migrate later is found). Returns the stop function.
 * A failed tick (the file missing, busy) is tried again on the next.
 */
export function startWalCheckpoints(file: string, everyMs = CHECKPOINT_EVERY_MS) {
  let db: Database.Database | null = null;
  const timer = setInterval(() => {
    try {
      db ??= new Database(file, { fileMustExist: true, timeout: 0 });
      checkpointOnce(db);
    } catch {
      // Next tick; a worker's own automatic checkpoint covers a long gap (BACKSTOP_PAGES).
    }
  }, everyMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    db?.close();
  };
}

/** A worker's connection when the primary checkpoints for it (its environment says so). */
export function backstopOnly(db: Db, env: Record<string, string | undefined> = process.env) {
  if (env[CHECKPOINT_ENV] === "1") db.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
}
