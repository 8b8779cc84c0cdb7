import { expect, test } from "vitest";
import { isolateText } from "./bidi";

test("a right-to-left name in plain text is isolated; a left-to-right one is left alone", () => {
  expect(isolateText("Mia R.")).toBe("Mia R.");
  expect(isolateText("محمد I.")).toBe("\u2068محمد I.\u2069");
  expect(isolateText("נועה ל.")).toBe("\u2068נועה ל.\u2069");
});
