import { afterAll, expect, test } from "vitest";

delete process.env.GOOGLE_CLIENT_ID;
delete process.env.GOOGLE_CLIENT_SECRET;
const { initEnv } = await import("~/utils/env.server");
const { loader } = await import("~/routes/_auth+/login");

const load = async () =>
  (await loader({ request: new Request("http://localhost/login"), params: {}, context: {} })) as {
    google: boolean;
  };

afterAll(() => {
  delete process.env.GOOGLE_CLIENT_ID;
  delete process.env.GOOGLE_CLIENT_SECRET;
  initEnv();
});

test("without Google configured, the sign-in page offers no Google button", async () => {
  initEnv();
  expect(await load()).toEqual({ google: false });
});

test("with both Google settings, it does", async () => {
  process.env.GOOGLE_CLIENT_ID = "id";
  process.env.GOOGLE_CLIENT_SECRET = "secret";
  initEnv();
  expect(await load()).toEqual({ google: true });
});
