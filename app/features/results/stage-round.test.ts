import { describe, expect, test } from "vitest";
import { roundInView } from "./stage-round";

const d = (day: number) => new Date(Date.UTC(2027, 0, day));
const rounds = [
  { number: 1, judgingOpen: d(10), judgingClose: d(15) },
  { number: 2, judgingOpen: d(17), judgingClose: d(20) },
];

describe("the round the scoring page opens on", () => {
  test("the round being judged, not the final one", () => {
    expect(roundInView(rounds, d(12))).toBe(1);
    expect(roundInView(rounds, d(18))).toBe(2);
  });
  test("between rounds the latest opened; before judging the first; after, the final", () => {
    expect(roundInView(rounds, d(16))).toBe(1);
    expect(roundInView(rounds, d(5))).toBe(1);
    expect(roundInView(rounds, d(25))).toBe(2);
  });
  test("no dates: no opinion (the caller keeps the final round)", () => {
    expect(roundInView([{ number: 1 }], d(12))).toBeNull();
  });
});
