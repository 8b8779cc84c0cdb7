import v8 from "node:v8";
import vm from "node:vm";
import { env } from "./env.server";

let collect: (() => void) | null | undefined;

/**
 * A full garbage collection, now. V8 frees large buffers only when it next collects, which may
 * be after many more megabytes: work that holds a whole document (10 MB, and copies of it) calls
 * this when done, so memory goes back as soon as the document is finished with
 * (docs/decisions/0021-performance.md). Only with FORCE_GC=1 (it turns on V8's --expose-gc for the
 * process); a no-op otherwise, or where the runtime does not allow it.
 */
export function collectGarbage() {
  if (!env().FORCE_GC) return;
  if (collect === undefined) {
    try {
      v8.setFlagsFromString("--expose-gc");
      collect = vm.runInNewContext("gc") as () => void;
    } catch {
      collect = null;
    }
  }
  collect?.();
}
