import { randomBytes } from "node:crypto";

let last = 0;
let counter = 0;
// Random bytes drawn a few kilobytes at a time (one draw per id is slow in bulk).
let pool = Buffer.alloc(0);
let at = 0;

/**
 * A new row id in the shape of Prisma's cuid() ("c" and 24 lowercase letters and digits) for
 * rows written in bulk with SQL. Ids made by one process sort in the order they were made (time,
 * then a counter), as cuids do, so "oldest first, then id" keeps a batch in its own order.
 */
export function newId() {
  const now = Date.now();
  if (now !== last) {
    last = now;
    counter = 0;
  }
  const time = now.toString(36).padStart(9, "0");
  const count = (counter++).toString(36).padStart(5, "0");
  if (at + 10 > pool.length) {
    pool = randomBytes(4096);
    at = 0;
  }
  let random = "";
  for (let i = 0; i < 10; i++) random += (pool[at++] % 36).toString(36);
  return `c${time}${count}${random}`;
}
