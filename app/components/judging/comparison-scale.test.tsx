import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { ComparisonReliability, JudgeFitTable } from "./comparison-scale";

// A comparison round beside its ranking (docs/decisions/0056-comparison-rounds.md): the
// reliability in words with the comparisons made, and a misfitting judge flagged in words.

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();

const summary = {
  reliability: 0.91,
  reliabilityWords: "0.91: judges' choices agree well; the order is dependable.",
  made: 120,
  needed: 150,
  perEntry: 10,
  judges: [
    {
      id: "j2",
      name: "Ruth Ansel",
      infit: 1.84,
      count: 30,
      misfit: true,
      words: "Disagrees with the panel's scale",
    },
    {
      id: "j1",
      name: "Omar Said",
      infit: 0.62,
      count: 40,
      misfit: false,
      words: "Agrees with the panel's scale",
    },
  ],
};

describe("the comparison scale's parts", () => {
  test("the reliability is a figure, a sentence and the comparisons made of needed", () => {
    const html = text(renderToStaticMarkup(<ComparisonReliability summary={summary} />));
    expect(html).toContain("0.91: judges' choices agree well");
    expect(html).toContain("120 of 150 comparisons made (10 per entry)");
  });

  test("a misfit is said in words beside the judge's infit and count; names isolated", () => {
    const html = renderToStaticMarkup(<JudgeFitTable judges={summary.judges} />);
    expect(html).toContain("<bdi>Ruth Ansel</bdi>");
    const rows = html
      .split("<tr")
      .slice(2)
      .map((row) => text(row.slice(row.indexOf(">") + 1, row.indexOf("</tr>"))));
    expect(rows[0]).toBe("Ruth Ansel 30 1.84 ⚠ Disagrees with the panel's scale");
    expect(rows[1]).toBe("Omar Said 40 0.62 Agrees with the panel's scale");
  });
});
