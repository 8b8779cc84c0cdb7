import { afterEach, describe, expect, test, vi } from "vitest";

// The serve route with the SDK's Remix handler. The client reads INNGEST_* when it is created, so
// each case sets the environment and imports the route afresh.
const saved = { ...process.env };
afterEach(() => {
  for (const k of ["INNGEST_DEV", "INNGEST_SIGNING_KEY", "INNGEST_EVENT_KEY"]) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  vi.resetModules();
});

async function route() {
  vi.resetModules();
  return import("~/routes/api+/inngest");
}
const args = (request: Request) => ({ request, params: {}, context: {} });

describe("/api/inngest", () => {
  test("does not exist with the embedded scheduler (no dev server, no signing key)", async () => {
    delete process.env.INNGEST_DEV;
    delete process.env.INNGEST_SIGNING_KEY;
    const { loader } = await route();
    const thrown = await Promise.resolve(
      loader(args(new Request("http://localhost/api/inngest", { headers: { host: "localhost" } }))),
    ).catch((e: unknown) => e);
    expect((thrown as Response).status).toBe(404);
  });

  test("answers the SDK's introspection in dev mode", async () => {
    process.env.INNGEST_DEV = "1";
    const { loader } = await route();
    const res = await loader(
      args(new Request("http://localhost/api/inngest", { headers: { host: "localhost" } })),
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { function_count?: number; mode?: string };
    // inngest/functions.ts: lifecycle, contest message, confirmation, payment, refund, reconcile
    expect(body.function_count).toBe(9);
    expect(body.mode).toBe("dev");
  });

  test("refuses an unsigned call when a signing key is set", async () => {
    delete process.env.INNGEST_DEV;
    process.env.INNGEST_SIGNING_KEY = `signkey-prod-${"ab".repeat(32)}`;
    const { action } = await route();
    const res = await action(
      args(
        new Request(
          "http://localhost/api/inngest?fnId=inkwell-entry-submitted-confirmation&stepId=step",
          {
            method: "POST",
            headers: { "content-type": "application/json", host: "localhost" },
            body: JSON.stringify({
              event: { name: "entry/submitted", data: { submissionId: "x" } },
              events: [],
              steps: {},
              ctx: { run_id: "r", attempt: 0 },
            }),
          },
        ),
      ),
    );
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: "Unauthorized" });
  });
});
