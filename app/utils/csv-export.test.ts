import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { csvSafe } from "./csv-export";

describe("csvSafe", () => {
  it("quotes a cell that starts like a formula", () => {
    for (const cell of ["=1+1", "+1", "-1+2", "@SUM(A1)", "\t=1", "\r=1", "\n=1", "=HYPERLINK(1)"])
      expect(csvSafe(cell), JSON.stringify(cell)).toBe(`'${cell}`);
  });

  it("quotes full-width and other variant formula characters (NFKC)", () => {
    for (const cell of [
      "＝1+1", // U+FF1D full-width equals
      "＋1", // U+FF0B
      "－1", // U+FF0D
      "＠SUM(A1)", // U+FF20
      "﹦1+1", // U+FE66 small equals
      "﹢1", // U+FE62 small plus
      "⁼1", // U+207C superscript equals
      "₊1", // U+208A subscript plus
    ])
      expect(csvSafe(cell), JSON.stringify(cell)).toBe(`'${cell}`);
  });

  it("quotes a formula behind leading spaces or invisible characters", () => {
    for (const cell of [
      " =1+1",
      "\u00a0=1+1",
      "\u200b=1+1",
      "\ufeff＝1+1",
      "\u202e=1",
      "\u3000＝1",
    ])
      expect(csvSafe(cell), JSON.stringify(cell)).toBe(`'${cell}`);
  });

  it("leaves text and numbers alone", () => {
    expect(csvSafe("A story")).toBe("A story");
    expect(csvSafe("Ｓｔｏｒｙ")).toBe("Ｓｔｏｒｙ");
    expect(csvSafe("x=1")).toBe("x=1");
    expect(csvSafe("")).toBe("");
    expect(csvSafe(-3)).toBe(-3);
  });

  it("is what every CSV download writes its cells through", () => {
    // The routes sit in folders by audience (docs/decisions/0049-route-folders-and-one-refusal-reply.md).
    const routes = path.resolve("app/routes");
    const csvRoutes = fs
      .readdirSync(routes, { recursive: true, encoding: "utf8" })
      .filter((f) => /\.tsx?$/.test(f))
      .map((f) => [f, fs.readFileSync(path.join(routes, f), "utf8")] as const)
      .filter(([, text]) => /csvResponse|csv-stringify/.test(text));
    expect(csvRoutes.length).toBeGreaterThanOrEqual(5);
    for (const [file, text] of csvRoutes) expect(text, file).toMatch(/\bcsvSafe\b/);
  });
});
