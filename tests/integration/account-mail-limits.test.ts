import { describe, expect, test } from "vitest";
import { action as forgotPassword } from "~/routes/_auth+/forgot-password";
import { action as login } from "~/routes/_auth+/login";
import { MAILS_PER_ADDRESS } from "~/features/accounts/rate-limit.server";
import { settleBackground } from "~/utils/background.server";
import { getToast } from "~/utils/toast.server";
import { prisma } from "~/utils/db.server";

/** docs/decisions/0025-accounts-and-tokens.md */
let n = 0;
const address = () => `203.0.113.${++n}`;
const email = (p: string) => `${p}-${n++}-${Date.now()}@example.com`;

async function post(
  run: (args: never) => Promise<unknown>,
  path: string,
  form: Record<string, string>,
  ip: string,
) {
  const request = new Request(`http://localhost${path}`, {
    method: "POST",
    body: new URLSearchParams(form),
  });
  try {
    const result = await run({ request, params: {}, context: { clientAddress: ip } } as never);
    if (result instanceof Response) return result;
    // data(): a body with its status.
    const init = (result as { init?: { status?: number } }).init;
    return new Response(null, { status: init?.status ?? 200 });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}
const mails = (to: string, template: string) => prisma.emailLog.count({ where: { to, template } });
const account = (address: string) =>
  prisma.user.create({ data: { email: address, displayName: "Owner" } });

describe("forgot password", () => {
  test("answers before looking the address up; the e-mail goes after the answer", async () => {
    const to = email("owner");
    await account(to);
    const res = await post(forgotPassword, "/forgot-password", { email: to }, address());
    expect(res.status).toBe(302);
    // Nothing was looked up or sent while answering.
    expect(await mails(to, "password-reset")).toBe(0);
    await settleBackground();
    expect(await mails(to, "password-reset")).toBe(1);
  });

  test("one inbox gets at most MAILS_PER_ADDRESS links an hour, from any address", async () => {
    const to = email("bombed");
    await account(to);
    for (let i = 0; i < 8; i++) {
      const res = await post(forgotPassword, "/forgot-password", { email: to }, address());
      expect(res.status).toBe(302);
    }
    await settleBackground();
    expect(await mails(to, "password-reset")).toBe(MAILS_PER_ADDRESS);
  });

  test("one client address is refused after RESET_MAX_PER_IP requests", async () => {
    const ip = address();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push(
        (await post(forgotPassword, "/forgot-password", { email: email("any") }, ip)).status,
      );
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(302));
    expect(statuses.slice(10)).toEqual([429, 429]);
    await settleBackground();
  });
});

describe("sign-up", () => {
  const form = (to: string) => ({
    intent: "signup",
    email: to,
    password: "a-long-password",
    dateOfBirth: "1990-01-01",
  });
  const answer = async (res: Response) => ({
    status: res.status,
    location: res.headers.get("Location"),
    toast: await getToast(
      new Request("http://localhost/", {
        headers: { Cookie: res.headers.get("Set-Cookie") ?? "" },
      }),
    ).then((t) => t.toast),
  });

  test("a taken address gets the same answer as a new one, and its owner an e-mail", async () => {
    const taken = email("taken");
    await account(taken);
    const fresh = email("fresh");
    const a = await answer(await post(login, "/login", form(fresh), address()));
    const b = await answer(await post(login, "/login", form(taken), address()));
    expect(a.status).toBe(302);
    expect(b).toEqual(a);
    await settleBackground();
    expect(await mails(taken, "sign-up-attempt")).toBe(1);
    expect(await mails(fresh, "sign-up-attempt")).toBe(0);
    expect(await prisma.password.count({ where: { user: { email: taken } } })).toBe(0);
  });
});
