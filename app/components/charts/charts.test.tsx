import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { EntriesPerDayChart } from "./entries-per-day-chart";
import { ProgressChart, type ProgressBar } from "./progress-chart";
import { SpreadChart, type SpreadRow } from "./spread-chart";

// The charts drawn on the server (docs/decisions/0057-charts.md): each a figure with its caption,
// an SVG named by its title and summary, and a real table of the same figures.

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, "")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();

/** The SVG's accessible name: the text of the elements its aria-labelledby names, in order. */
function svgName(html: string): string {
  const svg = /<svg role="img" aria-labelledby="([^"]+)"/.exec(html);
  expect(svg, "an svg with role img named by aria-labelledby").not.toBeNull();
  return svg![1]!
    .split(" ")
    .map((id) => {
      const el = new RegExp(`<(\\w+) id="${id}"[^>]*>(.*?)</\\1>`).exec(html);
      expect(el, `#${id} exists`).not.toBeNull();
      return text(el![2]!);
    })
    .join(" ");
}

/** The table's body rows, each as its cells' text. */
function tableRows(html: string): string[][] {
  const body = /<tbody>(.*?)<\/tbody>/s.exec(html)?.[1] ?? "";
  return [...body.matchAll(/<tr[^>]*>(.*?)<\/tr>/gs)].map((r) =>
    [...r[1]!.matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/gs)].map((c) => text(c[1]!)),
  );
}

function expectFrame(html: string) {
  expect(html).toMatch(/^<figure/);
  expect(html).toContain("<figcaption");
  expect(html).toMatch(/<svg role="img"[^>]*viewBox="0 0 360 \d+"[^>]*width="100%"/);
  // The table is there without JavaScript, behind a plain <details>.
  expect(html).toMatch(/<details[^>]*><summary[^>]*>Show the figures as a table<\/summary>/);
  expect(html).toContain("<table");
  expect(html).toContain('<th scope="col"');
  // No script, and no chart text smaller than 11 units in a 360-unit-wide drawing.
  expect(html).not.toContain("<script");
  for (const m of html.matchAll(/font-size="(\d+)"/g))
    expect(Number(m[1])).toBeGreaterThanOrEqual(11);
}

describe("EntriesPerDayChart", () => {
  const data = {
    timeZone: "America/Chicago",
    total: 12,
    days: [
      { date: "2030-01-02", count: 3 },
      { date: "2030-01-03", count: 2 },
      { date: "2030-01-04", count: 0 },
      { date: "2030-01-05", count: 7 },
    ],
  };

  test("a figure named by its title and summary, a column a day, the same figures as a table", () => {
    const html = renderToStaticMarkup(<EntriesPerDayChart data={data} />);
    expectFrame(html);
    expect(svgName(html)).toBe(
      "Entries per day 12 entries over 4 days (America/Chicago time). The most, 7, on January 5.",
    );
    expect(tableRows(html)).toEqual([
      ["Wed, Jan 2, 2030", "3"],
      ["Thu, Jan 3, 2030", "2"],
      ["Fri, Jan 4, 2030", "0"],
      ["Sat, Jan 5, 2030", "7"],
    ]);
    // Three columns drawn (a day without entries has none), each with its value written on it.
    expect(html.match(/<rect [^>]*class="fill-ink-600"/g)).toHaveLength(3);
  });

  test("before submissions open, it says so", () => {
    const html = renderToStaticMarkup(
      <EntriesPerDayChart data={{ timeZone: "UTC", total: 0, days: [] }} />,
    );
    expect(svgName(html)).toBe("Entries per day Submissions have not opened yet.");
    expect(tableRows(html)).toEqual([]);
  });
});

describe("ProgressChart", () => {
  const rows: ProgressBar[] = [
    {
      judgeId: "a",
      name: "Ada",
      round: 1,
      roundName: "Reading round",
      assigned: 12,
      scored: 12,
      overdue: 0,
    },
    {
      judgeId: "c",
      name: "سارا",
      round: 1,
      roundName: "Reading round",
      assigned: 12,
      scored: 8,
      overdue: 4,
    },
    {
      judgeId: "d",
      name: "Dee",
      round: 2,
      roundName: "Final round",
      assigned: 3,
      scored: 1,
      overdue: 0,
    },
  ];

  test("overdue is said in words and drawn hatched, not only in colour", () => {
    const html = renderToStaticMarkup(<ProgressChart rows={rows} />);
    expectFrame(html);
    expect(svgName(html)).toBe(
      "Judging progress 21 of 27 assignments scored by 3 judges. 4 overdue, with سارا.",
    );
    expect(text(html)).toContain("8 of 12 scored · 4 overdue");
    expect(text(html)).toContain("12 of 12 scored");
    expect(html).toMatch(/<pattern id="chart-[^"]+-overdue"/);
    expect(html).toMatch(/fill="url\(#chart-[^"]+-overdue\)"/);
    // Each round named, in order.
    expect(text(html).indexOf("Reading round")).toBeLessThan(text(html).indexOf("Final round"));
    expect(tableRows(html)).toEqual([
      ["Ada", "Reading round", "12", "12", "0"],
      ["سارا", "Reading round", "12", "8", "4"],
      ["Dee", "Final round", "3", "1", "0"],
    ]);
    // Names isolated in the table, and in the drawing.
    expect(html).toContain("<bdi>سارا</bdi>");
    expect(html).toContain('unicode-bidi="isolate"');
  });

  test("nobody assigned yet", () => {
    const html = renderToStaticMarkup(<ProgressChart rows={[]} />);
    expect(svgName(html)).toBe("Judging progress No judge has assignments yet.");
  });

  test("two charts on one page have their own ids", () => {
    const html = renderToStaticMarkup(
      <>
        <ProgressChart rows={rows} />
        <ProgressChart rows={rows} />
      </>,
    );
    const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe("SpreadChart", () => {
  const s = (
    min: number,
    q1: number,
    median: number,
    q3: number,
    max: number,
    mean: number,
    count = 12,
  ) => ({
    count,
    min,
    q1,
    median,
    q3,
    max,
    mean,
  });
  const panel = s(2, 4, 7, 8, 10, 6.2, 37);
  const judges: SpreadRow[] = [
    { judgeId: "a", name: "Ada Harsh", leaning: "lower", ...s(2, 2, 3, 4, 4, 3) },
    { judgeId: "b", name: "Ben Fair", leaning: "in line", ...s(6, 6.75, 7.5, 8.25, 9, 7.5) },
    { judgeId: "d", name: "Dee Kind", leaning: "higher", ...s(9, 9, 9, 9, 9, 9, 1) },
  ];

  test("the harsh and the lenient judge are named, in the summary, the drawing and the table", () => {
    const html = renderToStaticMarkup(<SpreadChart panel={panel} judges={judges} />);
    expectFrame(html);
    expect(svgName(html)).toBe(
      "Each judge's totals beside the panel's 37 scores by 3 judges; the panel's median total is 7. Scoring lower than the panel: Ada Harsh. Scoring higher than the panel: Dee Kind.",
    );
    expect(text(html)).toContain("Ada Harsh — scores lower");
    expect(text(html)).toContain("Dee Kind — scores higher");
    expect(tableRows(html)).toEqual([
      ["The panel", "37", "2", "4", "7", "8", "10", "6.2", ""],
      ["Ada Harsh", "12", "2", "2", "3", "4", "4", "3", "Scores lower than the panel"],
      ["Ben Fair", "12", "6", "6.8", "7.5", "8.3", "9", "7.5", "In line with the panel"],
      ["Dee Kind", "1", "9", "9", "9", "9", "9", "9", "Scores higher than the panel"],
    ]);
  });

  test("no scores yet", () => {
    const html = renderToStaticMarkup(<SpreadChart panel={null} judges={[]} />);
    expect(svgName(html)).toBe(
      "Each judge's totals beside the panel's No scores have been submitted yet.",
    );
    expect(tableRows(html)).toEqual([]);
  });
});
