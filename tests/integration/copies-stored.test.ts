/**
 * Stored fingerprints (docs/decisions/0054-copied-entries.md): the whole-contest pass and the
 * single check reuse each entry's stored keys and shingles instead of reading and fingerprinting
 * every text again; they find exactly the pairs that fingerprinting every text finds (the labelled
 * corpus, across two contests); a changed text is fingerprinted again, and only it; two passes
 * at once leave one consistent index and the same pairs.
 */
import { beforeEach, describe, expect, test, vi } from "vitest";
import type * as Similarity from "~/features/originality/similarity";
import { prisma } from "~/utils/db.server";
import { labelledPairs, story } from "~/features/originality/corpus-fixture";
import { lifecycleContest, person } from "./lifecycle-fixtures";

// Counts the texts fingerprinted (the work the stored fingerprints save).
const fingerprinted = vi.hoisted(() => ({ count: 0 }));
vi.mock("~/features/originality/similarity", async (original) => {
  const real = await original<typeof Similarity>();
  return {
    ...real,
    fingerprint: (text: string) => {
      fingerprinted.count++;
      return real.fingerprint(text);
    },
  };
});
const { checkContest, checkEntry } = await import("~/features/originality/copies.server");
const { keysFromBytes } = await import("~/features/originality/similarity");

beforeEach(() => {
  fingerprinted.count = 0;
});

async function entries(contestId: string, texts: string[]) {
  const writer = await person("writer");
  const ids: string[] = [];
  for (const [i, body] of texts.entries()) {
    const s = await prisma.submission.create({
      data: { contestId, entrantId: writer.id, title: `Story ${i}`, body, status: "submitted" },
      select: { id: true },
    });
    ids.push(s.id);
  }
  return ids;
}

/** The contest's pairs as facts that do not depend on row ids or times. */
async function findings(contestId: string) {
  const rows = await prisma.copyPair.findMany({
    where: { OR: [{ contestAId: contestId }, { contestBId: contestId }] },
    select: {
      entryAId: true,
      entryBId: true,
      kind: true,
      resemblance: true,
      sharedWords: true,
      passages: true,
    },
    orderBy: [{ entryAId: "asc" }, { entryBId: "asc" }],
  });
  return rows;
}

/** Every stored fingerprint of these contests made stale: the next pass computes them all, as before. */
async function forget(contestIds: string[]) {
  await prisma.entrySignature.updateMany({
    where: { contestId: { in: contestIds } },
    data: { sourceHash: "" },
  });
}

describe("stored fingerprints", () => {
  test("the labelled corpus across two contests: the pass from stored fingerprints finds the same pairs, fingerprinting nothing", async () => {
    const corpus = labelledPairs();
    const earlier = await lifecycleContest();
    const { contest } = await lifecycleContest();
    // Every third pair's first text was sent to the earlier contest; the rest to this one.
    const earlierIds = await entries(
      earlier.contest.id,
      corpus.filter((_, i) => i % 3 === 0).map((p) => p.a),
    );
    const ids = await entries(contest.id, [
      ...corpus.filter((_, i) => i % 3 !== 0).map((p) => p.a),
      ...corpus.map((p) => p.b),
    ]);
    const textOf = new Map<string, string>();
    corpus.filter((_, i) => i % 3 === 0).forEach((p, i) => textOf.set(earlierIds[i]!, p.a));
    [...corpus.filter((_, i) => i % 3 !== 0).map((p) => p.a), ...corpus.map((p) => p.b)].forEach(
      (t, i) => textOf.set(ids[i]!, t),
    );

    // First passes: every text is new, so fingerprinted (what every pass did before).
    expect((await checkContest(earlier.contest.id)).fingerprinted).toBe(earlierIds.length);
    const first = await checkContest(contest.id);
    expect(first).toMatchObject({ entries: ids.length, fingerprinted: ids.length });
    const before = await findings(contest.id);
    // The labelled copies and nothing else, each of its kind.
    const label = new Map(
      corpus.flatMap(
        (p) =>
          [
            [p.a, p],
            [p.b, p],
          ] as const,
      ),
    );
    const expected = corpus.filter((p) => p.expect !== "none");
    expect(before).toHaveLength(expected.length);
    for (const f of before) {
      const pa = label.get(textOf.get(f.entryAId)!)!;
      const pb = label.get(textOf.get(f.entryBId)!)!;
      expect(pa).toBe(pb);
      expect(f.kind).toBe(pa.expect);
    }

    // Again from the stored fingerprints: no text fingerprinted, the same findings exactly.
    await prisma.copyPair.deleteMany({
      where: { contestAId: { in: [contest.id, earlier.contest.id] } },
    });
    fingerprinted.count = 0;
    const second = await checkContest(contest.id);
    expect(second).toMatchObject({
      fingerprinted: 0,
      candidates: first.candidates,
      pairs: first.pairs,
    });
    expect(fingerprinted.count).toBe(0);
    expect(await findings(contest.id)).toEqual(before);

    // And once more with every fingerprint made stale: computed again, the same findings.
    await forget([contest.id, earlier.contest.id]);
    await prisma.copyPair.deleteMany({
      where: { contestAId: { in: [contest.id, earlier.contest.id] } },
    });
    const recomputed = await checkContest(contest.id);
    expect(recomputed.fingerprinted).toBe(ids.length);
    expect(await findings(contest.id)).toEqual(before);

    // The earlier contest's fingerprints computed again too (the next tests' candidates may be
    // among its entries).
    expect((await checkContest(earlier.contest.id)).fingerprinted).toBe(earlierIds.length);

    // The stored keys are the EntryKey rows the single check looks up.
    const sig = await prisma.entrySignature.findUniqueOrThrow({ where: { submissionId: ids[0]! } });
    const rows = await prisma.entryKey.findMany({ where: { submissionId: ids[0]! } });
    expect(keysFromBytes(sig.keys!).sort()).toEqual(rows.map((r) => r.key).sort());
  }, 120_000);

  test("a changed text is fingerprinted again, and only it; the single check reads its candidates' stored shingles", async () => {
    const { contest } = await lifecycleContest();
    const texts = Array.from({ length: 30 }, (_, i) => story(7000 + i));
    const ids = await entries(contest.id, texts);
    await checkContest(contest.id);
    expect(await prisma.copyPair.count({ where: { contestAId: contest.id } })).toBe(0);

    // A pupil's text becomes another's story with a few words changed.
    await prisma.submission.update({
      where: { id: ids[7]! },
      data: { body: texts[3]!.replace(/ was /, " is ") },
    });
    fingerprinted.count = 0;
    const pass = await checkContest(contest.id);
    expect(pass).toMatchObject({ entries: 30, fingerprinted: 1, pairs: 1 });
    expect(fingerprinted.count).toBe(1);
    const pair = await prisma.copyPair.findFirstOrThrow({ where: { contestAId: contest.id } });
    expect([pair.entryAId, pair.entryBId].sort()).toEqual([ids[3]!, ids[7]!].sort());

    // A new entry copying the same story: fingerprinted once (itself), its candidates compared
    // from their stored shingles.
    const [late] = await entries(contest.id, [texts[3]!]);
    fingerprinted.count = 0;
    const check = await checkEntry(late!);
    expect(check).toMatchObject({ indexed: true, fingerprinted: true, pairs: 2 });
    expect(check.candidates).toBeGreaterThanOrEqual(2);
    expect(fingerprinted.count).toBe(1);
    // Checked again with its text unchanged: nothing fingerprinted, nothing rewritten.
    const computedAt = (
      await prisma.entrySignature.findUniqueOrThrow({ where: { submissionId: late! } })
    ).computedAt;
    fingerprinted.count = 0;
    expect(await checkEntry(late!)).toMatchObject({ fingerprinted: false, pairs: 2 });
    expect(fingerprinted.count).toBe(0);
    expect(
      (await prisma.entrySignature.findUniqueOrThrow({ where: { submissionId: late! } }))
        .computedAt,
    ).toEqual(computedAt);
  });

  test("two passes at once over stale fingerprints leave one index and the same pairs", async () => {
    const { contest } = await lifecycleContest();
    const twin = story(7600);
    const texts = [
      ...Array.from({ length: 28 }, (_, i) => story(7500 + i)),
      twin,
      twin.replace(/ was /, " is "),
    ];
    const ids = await entries(contest.id, texts);
    await checkContest(contest.id, 7);
    const before = await findings(contest.id);
    expect(before).toHaveLength(1);
    const keys = await prisma.entryKey.count({ where: { submissionId: { in: ids } } });

    await forget([contest.id]);
    const [x, y] = await Promise.all([checkContest(contest.id, 7), checkContest(contest.id, 7)]);
    expect(x.pairs).toBe(1);
    expect(y.pairs).toBe(1);
    expect(await findings(contest.id)).toEqual(before);
    expect(await prisma.entrySignature.count({ where: { contestId: contest.id } })).toBe(30);
    expect(await prisma.entryKey.count({ where: { submissionId: { in: ids } } })).toBe(keys);
  });
});
