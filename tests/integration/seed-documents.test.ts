/**
 * The demo's document entries (docs/decisions/0034-reading-desk.md): PDF and DOCX entries in the
 * demo judge's queue, scored and waiting, with their text read from the stored file; one names
 * its writer, waits for the admin, and is read by judges with "[removed]".
 */
import { describe, expect, test } from "vitest";
import { prisma } from "~/utils/db.server";
import { getStorage } from "~/utils/storage.server";
import { readingFor } from "~/features/judging/reading.server";
import { seed } from "../../prisma/seed";

describe("the demo's document entries", () => {
  test("the demo judge reads PDF and DOCX entries, scored and waiting; one names its writer", async () => {
    await seed();
    await seed(); // idempotent
    const rows = await prisma.judgeAssignment.findMany({
      where: { judge: { email: "judge@inkwell.test" }, submission: { filePath: { not: null } } },
      select: {
        score: { select: { id: true } },
        submission: {
          select: {
            id: true,
            title: true,
            body: true,
            filePath: true,
            fileName: true,
            fileType: true,
            fileSize: true,
            wordCount: true,
            mentionsEntrant: true,
            contest: { select: { slug: true } },
            document: { select: { text: true, status: true } },
          },
        },
      },
    });
    const docs = rows.flatMap(({ score, submission }) =>
      submission?.document ? [{ score, submission }] : [],
    );
    expect(new Set(docs.map((r) => r.submission.title)).size).toBe(docs.length);
    const kinds = (scored: boolean) =>
      new Set(
        docs
          .filter((r) => !!r.score === scored)
          .map((r) => r.submission.fileName!.split(".").pop()!.toLowerCase()),
      );
    expect(kinds(true)).toEqual(new Set(["pdf", "docx"]));
    expect(kinds(false)).toEqual(new Set(["pdf", "docx"]));
    for (const { submission: s } of docs) {
      expect(s.contest.slug).toBe("autumn-poetry-in-prose");
      expect(s.body).toBeNull();
      expect(s.document!.status).toBe("text");
      expect(s.wordCount).toBeGreaterThanOrEqual(300);
      expect(s.wordCount).toBeLessThanOrEqual(900);
      // Paragraphs, as the reader gives them.
      expect(s.document!.text.split("\n\n").length).toBeGreaterThan(4);
      expect(s.fileSize).toBeGreaterThan(0);
      expect(await getStorage().exists(s.filePath!)).toBe(true);
    }
    const poem = docs.find((r) => r.submission.title === "November, Counted")!.submission;
    expect(poem.document!.text).toContain("the first frost on the car roof,\na map of a country");

    const flagged = docs.filter((r) => r.submission.mentionsEntrant);
    expect(flagged.map((r) => r.submission.title)).toEqual(["Letters to the Orchard"]);
    const hits = await prisma.identityHit.findMany({
      where: { submissionId: flagged[0]!.submission.id },
    });
    expect(hits.map((h) => h.status)).toEqual(["pending"]);
    const reading = await readingFor(flagged[0]!.submission);
    expect(reading.paragraphs.join("\n")).toContain("by [removed]");
    expect(reading.paragraphs.join("\n")).not.toContain("Okoye");
    expect(reading.originalAllowed).toBe(false);
  }, 90_000);
});
