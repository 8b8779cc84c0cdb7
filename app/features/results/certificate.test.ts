import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, test } from "vitest";
import { awardInSentence, certificatePdf } from "./certificate.server";

/** The text a PDF reader extracts from the certificate, one line per drawn line. */
async function certificateText(input: Parameters<typeof certificatePdf>[0]) {
  const bytes = await certificatePdf(input);
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), {
    mergePages: true,
  });
  return { text, size: bytes.length };
}

const base = { award: "1st place", date: "March 2, 2027" };

// Every letter of every script is drawn, never replaced by "?" (docs/decisions/0023-privacy-and-links.md).
describe("certificate text in any script", () => {
  test("Polish and Chinese names and titles come back intact", async () => {
    const { text, size } = await certificateText({
      ...base,
      writer: "Łucja Wiśniewska 李明",
      contest: "Konkurs Źdźbło 2027",
      entry: "春天的故事",
    });
    expect(text).toContain("Łucja Wiśniewska 李明");
    expect(text).toContain("Konkurs Źdźbło 2027");
    expect(text).toContain("春天的故事");
    expect(text).not.toContain("?");
    // Subset fonts: a CJK certificate stays small.
    expect(size).toBeLessThan(150_000);
  });

  test("Arabic names and titles come back intact, in reading order", async () => {
    const { text } = await certificateText({
      ...base,
      writer: "مريم الحسن",
      contest: "Spring Stories",
      entry: "البحر الكبير",
    });
    expect(text).toContain("مريم الحسن");
    expect(text).toContain("البحر الكبير");
    expect(text).not.toContain("?");
  });

  test("emoji in a title are drawn, not dropped", async () => {
    const { text } = await certificateText({
      ...base,
      writer: "Zoë",
      contest: "Spring Stories",
      entry: "The Fox 🦊 and the Moon 🌙",
    });
    expect(text).toContain("Zoë");
    expect(text).toContain("The Fox 🦊 and the Moon 🌙");
    expect(text).not.toContain("?");
  });
});

describe("a certificate of an entry in a division", () => {
  test("the award line names the division", async () => {
    const { text } = await certificateText({
      ...base,
      award: awardInSentence({ kind: "place", place: 1, division: "Grades 6-8" }),
      writer: "Mia R.",
      contest: "Spring Stories",
      entry: "The Lantern",
    });
    expect(text).toContain("won 1st place, Grades 6-8 in");
  });
  test("without a division it reads as before", () => {
    expect(awardInSentence({ kind: "place", place: 2 })).toBe("2nd place");
    expect(awardInSentence({ kind: "honourable", place: null, division: "Ages 9-11" })).toBe(
      "an honourable mention, Ages 9-11",
    );
  });
});
