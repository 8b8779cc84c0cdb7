import { expect, test } from "vitest";
import { buildSnapshot, parseSnapshot } from "./contest-snapshot";

const criteria = [
  { key: "voice", label: "Voice", maxPoints: 10, weight: 1, requireComment: false },
];
/** The settings a snapshot copies as they are. */
const settings = {
  slug: "s",
  title: "Title",
  description: "Description",
  rules: null,
  anonymous: true,
  wordMin: 100,
  wordMax: 200,
  entryFeeCents: 1500,
  entriesPerWriter: 3,
  aiPolicy: "ideas_only",
  timeZone: "America/New_York",
};
const contest = {
  ...settings,
  submissionsOpen: new Date("2027-01-01T00:00:00Z"),
  submissionsClose: new Date("2027-02-01T00:00:00Z"),
  judgingOpen: new Date("2027-02-01T00:00:00Z"),
  judgingClose: new Date("2027-03-01T00:00:00Z"),
  resultsAt: new Date("2027-03-02T00:00:00Z"),
  prompts: [{ id: "p1", title: "Prompt", body: "Prompt body", createdAt: new Date() }],
  rubrics: [
    { id: "r1", name: "Rubric", criteria: JSON.stringify(criteria), createdAt: new Date() },
  ],
};

test("the snapshot holds the contest, its prompts and rubrics, and the snapshot date", () => {
  const now = new Date("2026-12-01T10:00:00Z");
  const snap = buildSnapshot(contest, now);
  expect(snap).toEqual({
    ...settings,
    submissionsOpen: "2027-01-01T00:00:00.000Z",
    submissionsClose: "2027-02-01T00:00:00.000Z",
    judgingOpen: "2027-02-01T00:00:00.000Z",
    judgingClose: "2027-03-01T00:00:00.000Z",
    resultsAt: "2027-03-02T00:00:00.000Z",
    prompts: [{ id: "p1", title: "Prompt", body: "Prompt body" }],
    rubrics: [{ id: "r1", name: "Rubric", criteria }],
    snapshotDate: "2026-12-01T10:00:00.000Z",
  });
  expect(parseSnapshot(JSON.stringify(snap))).toEqual(snap);
});

test("a missing or malformed snapshot reads as none", () => {
  expect(parseSnapshot(null)).toBeNull();
  expect(parseSnapshot("{oops")).toBeNull();
  expect(parseSnapshot(JSON.stringify({ title: "only a title" }))).toBeNull();
});

test("the snapshot keeps the entries-per-writer limit; older snapshots without it allow one entry", () => {
  const snap = buildSnapshot(contest, new Date("2026-12-01T10:00:00Z"));
  expect(parseSnapshot(JSON.stringify(snap))?.entriesPerWriter).toBe(3);
  const { entriesPerWriter: _dropped, ...older } = snap;
  expect(parseSnapshot(JSON.stringify(older))?.entriesPerWriter).toBe(1);
});
