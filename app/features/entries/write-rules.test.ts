import { describe, expect, test } from "vitest";
import type { AtWrite } from "./entry-statements.server";
import { ENTRY_MESSAGES } from "./entry-schema";
import { keyRepeatAndLimit, openAndSignedIn, outsideWordRange } from "./write-rules";
import { publicContest } from "~/features/contests/public-contest";

const DAY = 86_400_000;
const now = new Date("2026-11-29T10:00:00Z");
const contest = {
  id: "c1",
  slug: "c1",
  title: "Contest",
  description: "",
  rules: null,
  anonymous: true,
  isPublished: true,
  wordMin: 10,
  wordMax: 100,
  entryFeeCents: 0,
  entriesPerWriter: 2,
  aiPolicy: "unstated",
  timeZone: "UTC",
  submissionsOpen: new Date(now.getTime() - DAY),
  submissionsClose: new Date(now.getTime() + DAY),
  judgingOpen: new Date(now.getTime() + 2 * DAY),
  judgingClose: new Date(now.getTime() + 3 * DAY),
  resultsAt: new Date(now.getTime() + 4 * DAY),
  publishedSnapshot: null,
} as NonNullable<AtWrite["contest"]>;
const account = {
  id: "u1",
  dateOfBirth: new Date("1990-01-01T00:00:00Z"),
  parentConsentAt: null,
  displayName: "Writer",
  grade: null,
};
const read = (over: Partial<AtWrite> = {}): AtWrite => ({
  contest,
  account,
  key: null,
  repeated: null,
  used: 0,
  divisions: [],
  ...over,
});
const entry = { id: "e1", userId: "u1", newKey: () => "e2", ai: null, account };

describe("the write's rules, in order", () => {
  test("a closed window refuses before a missing account", () => {
    const closed = { ...contest, submissionsClose: new Date(now.getTime() - 1) };
    expect(openAndSignedIn(read({ contest: closed, account: null }), now)).toEqual({
      refused: ENTRY_MESSAGES.notOpen,
    });
    expect(openAndSignedIn(read({ account: null }), now)).toEqual({
      refused: ENTRY_MESSAGES.mustSignIn,
    });
    expect(openAndSignedIn(read(), now)).toEqual({ contest, account });
  });

  test("the writer's own key is the entry made; someone else's key is replaced; a repeat is found", () => {
    expect(
      keyRepeatAndLimit(read({ key: { entrantId: "u1", status: "submitted" } }), contest, entry),
    ).toEqual({ id: "e1", duplicate: true, status: "submitted" });
    const forged = keyRepeatAndLimit(
      read({ key: { entrantId: "u9", status: "submitted" } }),
      contest,
      entry,
    );
    expect(forged).toMatchObject({ id: "e2", declared: null });
    expect(
      keyRepeatAndLimit(read({ repeated: { id: "e7", status: "submitted" } }), contest, entry),
    ).toEqual({ id: "e7", duplicate: true, status: "submitted" });
  });

  test("a declaration the policy asks comes before the limit; the limit refuses last", () => {
    const asks = { ...contest, aiPolicy: "disclosed" };
    expect(keyRepeatAndLimit(read({ used: 2 }), asks, entry)).toMatchObject({
      refused: expect.any(String),
      field: "aiUse",
    });
    const limited = keyRepeatAndLimit(read({ used: 2 }), contest, entry);
    expect(limited).toEqual({ refused: expect.stringContaining("2") });
    expect(keyRepeatAndLimit(read({ used: 1 }), contest, entry)).toMatchObject({
      id: "e1",
      declared: null,
    });
  });

  test("the word range is checked again only when the division's differs from the form's", () => {
    const shown = publicContest(contest);
    const division = { id: "d1", wordMin: 50, wordMax: 60 } as never;
    expect(
      outsideWordRange(shown, null, { wordMin: 10, wordMax: 100 }, { typed: true, words: 20 }),
    ).toBeNull();
    expect(
      outsideWordRange(shown, division, { wordMin: 10, wordMax: 100 }, { typed: true, words: 20 }),
    ).toMatchObject({ field: "body" });
    expect(
      outsideWordRange(shown, division, { wordMin: 50, wordMax: 60 }, { typed: false, words: 20 }),
    ).toBeNull();
  });
});
