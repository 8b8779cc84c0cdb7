import { monotonicFactory } from "ulid";

/**
 * A new row id for rows written in bulk with SQL (auto-assign writes tens of thousands at once): a
 * ULID, as the `ulid` package makes it. Ids are opaque strings beside Prisma's cuid()s. Ids made
 * by one process sort in the order they were made (time, then a monotonic increment within the
 * same millisecond), so "oldest first, then id" keeps a batch in its own order, as the judge's
 * queue expects. (cuid2 was measured and rejected: its ids are random by design, so they do not
 * sort, and at about 0.2 ms an id it would add some 14 s to auto-assign's 60,000 ids against the
 * 3 s target of docs/decisions/0021-performance.md; a ULID takes about 1.5 µs.)
 */
export const newId = monotonicFactory();
