import net from "node:net";
import pg from "pg";
import { describe, expect, test } from "vitest";
import { isDatabaseBusy } from "~/utils/db.server";

/**
 * What counts as "the database is busy" (a 503 and a retry, never a 500): ADR 0028's list. A
 * connection the server is too slow to open is asked of real pg against a socket that never
 * answers; its error, like pg-pool's when all its connections are in use, has only a message.
 */
describe("a busy database", () => {
  test("a connection's timeout and pg-pool's while every connection is in use are busy; an unrelated error is not", async () => {
    // A server that accepts and never answers: the pool gives up on the connection.
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((done) => silent.listen(0, "127.0.0.1", done));
    const { port } = silent.address() as net.AddressInfo;
    const pool = new pg.Pool({ host: "127.0.0.1", port, max: 1, connectionTimeoutMillis: 100 });
    const refused = await pool.connect().then(
      () => null,
      (error: unknown) => error,
    );
    for (const socket of sockets) socket.destroy();
    await new Promise((done) => silent.close(done));
    void pool.end().catch(() => undefined);
    expect(String(refused)).toMatch(/timeout/);
    expect(isDatabaseBusy(refused)).toBe(true);
    const timeout = new Error("timeout exceeded when trying to connect");
    // As Prisma wraps a driver adapter's error: the driver's message further down the chain.
    expect(
      isDatabaseBusy({ code: "P2010", meta: { driverAdapterError: { cause: timeout } } }),
    ).toBe(true);
    expect(isDatabaseBusy(timeout)).toBe(true);
    expect(isDatabaseBusy(new Error("syntax error at or near SELECT"))).toBe(false);
    expect(isDatabaseBusy({ code: "P2024" })).toBe(true);
    expect(isDatabaseBusy({ code: "SQLITE_BUSY_SNAPSHOT" })).toBe(true);
  });
});
