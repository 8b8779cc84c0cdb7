import { parseWithZod } from "@conform-to/zod";
import { expect, test } from "vitest";
import { discountCodeSchema } from "./discount-code-schema";

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries({ intent: "create", ...fields })) f.set(k, v);
  return parseWithZod(f, { schema: discountCodeSchema });
};

test("a percent code is read in capitals", () => {
  const r = form({ code: " class-7b ", kind: "percent", percentOff: "50", maxUses: "30" });
  expect(r.status).toBe("success");
  if (r.status === "success") {
    expect(r.value.code).toBe("CLASS-7B");
    expect(r.value.percentOff).toBe(50);
    expect(r.value.maxUses).toBe(30);
  }
});

test("a fixed code takes dollars and stores cents", () => {
  const r = form({ code: "TWO", kind: "fixed", amountOff: "2.50" });
  expect(r.status === "success" && r.value.amountOff).toBe(250);
});

test("refusals name the field", () => {
  const r = form({ code: "x", kind: "percent", percentOff: "150" });
  expect(r.status).toBe("error");
  const errors = r.reply().error ?? {};
  expect(Object.keys(errors).sort()).toEqual(["code", "percentOff"]);
  const missing = form({ code: "GOOD", kind: "fixed" });
  expect(missing.reply().error?.amountOff).toEqual(["Amount off is required"]);
});
