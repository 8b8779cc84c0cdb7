import { describe, expect, test } from "vitest";
import * as consent from "~/routes/_public+/consent.$token";
import * as resetPassword from "~/routes/_auth+/reset-password.$token";
import * as setPassword from "~/routes/_auth+/set-password.$token";
import * as emailChange from "~/routes/_auth+/account_.email.$token";

/**
 * Any string in a token route gives a clear page or a redirect, never a 500 (docs/decisions/
 * 0025-accounts-and-tokens.md). The path is what the router decoded from the URL.
 */
const HOSTILE = [
  "\n",
  "a\r\nSet-Cookie: x=1",
  "\u0000",
  "é",
  "李明",
  "😀",
  "%",
  " ",
  "x".repeat(5000),
];
const routes = {
  consent: { mod: consent, path: "consent", form: { answer: "agree" } },
  reset: {
    mod: resetPassword,
    path: "reset-password",
    form: { newPassword: "long-enough-1", confirmPassword: "long-enough-1" },
  },
  set: {
    mod: setPassword,
    path: "set-password",
    form: { password: "long-enough-1", confirmPassword: "long-enough-1" },
  },
  email: { mod: emailChange, path: "account/email", form: {} },
};

async function outcome(run: () => Promise<unknown>) {
  try {
    const result = await run();
    return result instanceof Response ? result.status : 200;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    return 500;
  }
}

describe("token routes take any string", () => {
  for (const [name, r] of Object.entries(routes)) {
    test(`${name}: GET and POST with control and non-ASCII characters never fail`, async () => {
      for (const token of HOSTILE) {
        const url = `http://localhost/${r.path}/${encodeURIComponent(token)}`;
        const args = { params: { token }, context: {} };
        const get = await outcome(() =>
          (r.mod.loader as (a: unknown) => Promise<unknown>)({
            ...args,
            request: new Request(url),
          }),
        );
        expect(get, `GET ${JSON.stringify(token)}`).toBeLessThan(500);
        const post = await outcome(() =>
          (r.mod.action as (a: unknown) => Promise<unknown>)({
            ...args,
            request: new Request(url, {
              method: "POST",
              body: new URLSearchParams(r.form as Record<string, string>),
            }),
          }),
        );
        expect(post, `POST ${JSON.stringify(token)}`).toBeLessThan(500);
      }
    });
  }
});
