/**
 * Only app/features/assignment/ writes JudgeAssignment (docs/decisions/0051-assignment-capability.md).
 * The rule is ESLint's `no-restricted-syntax` in eslint.config.js, run by `npm run lint`; these
 * cases prove it fails on each way of writing the table outside the capability and stays quiet
 * inside it and on reads.
 */
import { ESLint } from "eslint";
import { describe, expect, test } from "vitest";

const eslint = new ESLint({ cwd: process.cwd() });
const MESSAGE = /Only app\/features\/assignment\/ writes JudgeAssignment/;

async function assignmentErrors(code: string, filePath: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => MESSAGE.test(m.message));
}

const WRITES: Record<string, string> = {
  "the delegate's deleteMany": `export const f = (tx: any) => tx.judgeAssignment.deleteMany({ where: {} });`,
  "the delegate's create": `export const f = (prisma: any) => prisma.judgeAssignment.create({ data: {} });`,
  "the delegate's update": `export const f = (tx: any) => tx.judgeAssignment.update({ where: { id: "a" }, data: {} });`,
  "the delegate's upsert": `export const f = (tx: any) => tx.judgeAssignment.upsert({});`,
  "a nested write on a relation": `export const f = (tx: any) => tx.submission.update({ where: { id: "s" }, data: { assignments: { deleteMany: {} } } });`,
  "raw SQL INSERT":
    'export const f = (tx: any) => tx.$executeRaw`INSERT INTO "JudgeAssignment" ("id") VALUES (1)`;',
  "raw SQL DELETE":
    'export const f = (tx: any, id: string) => tx.$executeRaw`DELETE FROM "JudgeAssignment" WHERE "id" = ${id}`;',
  "raw SQL UPDATE in a string": `export const f = (tx: any) => tx.$executeRawUnsafe('update "JudgeAssignment" set "round" = 2');`,
};

describe("one writer of JudgeAssignment", () => {
  for (const [what, code] of Object.entries(WRITES)) {
    test(`${what} outside app/features/assignment/ fails the lint`, async () => {
      for (const file of [
        "app/features/entries/zz-violation.server.ts",
        "app/routes/zz-violation.tsx",
        "inngest/zz-violation.ts",
      ])
        expect(await assignmentErrors(code, file), file).toHaveLength(1);
    });
    test(`${what} inside app/features/assignment/ passes`, async () => {
      expect(
        await assignmentErrors(code, "app/features/assignment/zz-writer.server.ts"),
      ).toHaveLength(0);
    });
  }

  test("reads and the row lock stay allowed everywhere", async () => {
    const code = [
      "export const a = (tx: any) => tx.judgeAssignment.findMany({ where: {} });",
      "export const b = (tx: any) => tx.judgeAssignment.count({ where: {} });",
      "export const c = (tx: any) => tx.submission.findMany({ select: { assignments: { select: { id: true } } } });",
      'export const d = (tx: any) => tx.$queryRaw`SELECT COUNT(*) FROM "JudgeAssignment" a`;',
      'export const e = (lockRow: any, tx: any) => lockRow(tx, "JudgeAssignment", "a");',
    ].join("\n");
    expect(await assignmentErrors(code, "app/features/judging/zz-reader.server.ts")).toHaveLength(
      0,
    );
  });

  test("tests, the seed and the benchmarks may write directly", async () => {
    const code = WRITES["the delegate's create"];
    for (const file of ["prisma/seed.ts", "tests/integration/zz.test.ts", "bench/zz.ts"])
      expect(await assignmentErrors(code, file), file).toHaveLength(0);
  });
});
