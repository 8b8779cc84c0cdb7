/** What the demo data's parts share: the demo password, users, story text and the rubric. */
import { prisma } from "~/utils/db.server";
import { publishContest } from "../app/features/contests/contest-admin.server";
import { syncSteps } from "../app/features/lifecycle/lifecycle.server";
import { hashPassword } from "../app/features/accounts/auth.server";
import type { Criterion } from "../app/features/contests/rubric";

export const DEMO_PASSWORD = "inkwell-demo";
export const DAY = 24 * 60 * 60 * 1000;

const STORY_WORDS =
  "The lighthouse keeper's daughter counted the waves every night, certain that one of them would bring her father home. Salt crusted the windows and the lamp hummed its slow song across the bay. When the storm finally broke she climbed the spiral stairs with a lantern of her own, and for the first time she understood that keeping a light is a kind of promise.".split(
    " ",
  );

export function story(words: number, seed = 0) {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(STORY_WORDS[(i + seed) % STORY_WORDS.length]);
  return out.join(" ");
}

export async function ensureUser(
  email: string,
  displayName: string,
  opts: { roles?: string[]; born?: string; grade?: number } = {},
) {
  const hash = await hashPassword(DEMO_PASSWORD);
  const user = await prisma.user.upsert({
    where: { email },
    update: {},
    create: {
      email,
      displayName,
      dateOfBirth: new Date(`${opts.born ?? "1990-05-01"}T00:00:00Z`),
      grade: opts.grade ?? null,
      password: { create: { hash } },
    },
  });
  for (const role of opts.roles ?? []) {
    await prisma.userRole.upsert({
      where: { userId_role: { userId: user.id, role } },
      update: {},
      create: { userId: user.id, role },
    });
  }
  return user;
}

export const standardRubric: Criterion[] = [
  {
    key: "voice",
    label: "Voice and style",
    description: "A distinct, confident voice.",
    maxPoints: 10,
    weight: 0.3,
    requireComment: false,
  },
  {
    key: "structure",
    label: "Structure",
    description: "Beginning, middle and end that work together.",
    maxPoints: 10,
    weight: 0.25,
    requireComment: false,
  },
  {
    key: "prompt_use",
    label: "Use of the prompt",
    description: "A fresh response to the prompt.",
    maxPoints: 10,
    weight: 0.2,
    requireComment: false,
  },
  {
    key: "mechanics",
    label: "Grammar and mechanics",
    maxPoints: 10,
    weight: 0.25,
    requireComment: true,
  },
];

export type ContestSeed = {
  slug: string;
  title: string;
  description: string;
  rules: string;
  fee: number;
  wordMin: number;
  wordMax: number;
  published: boolean;
  /** Live entries one writer may have (default 1). */
  entriesPerWriter?: number;
  /** Judges per entry for the assign step (default 3). */
  judgesPerSubmission?: number;
  /** The AI-use policy (default none stated; ADR 0053). */
  aiPolicy?: string;
  dates: [number, number, number, number, number]; // days from now
  prompts: [string, string][];
};

export async function ensureContest(
  seed: ContestSeed,
  /** Runs after the contest is made and before it is published (its divisions and rounds). */
  prepare?: (contest: { id: string; rubricId: string }) => Promise<void>,
) {
  const existing = await prisma.contest.findUnique({ where: { slug: seed.slug } });
  if (existing) return { contest: existing, created: false };
  const now = Date.now();
  const [o, c, jo, jc, r] = seed.dates.map((d) => new Date(now + d * DAY));
  const contest = await prisma.contest.create({
    data: {
      slug: seed.slug,
      title: seed.title,
      description: seed.description,
      rules: seed.rules,
      entryFeeCents: seed.fee,
      wordMin: seed.wordMin,
      wordMax: seed.wordMax,
      entriesPerWriter: seed.entriesPerWriter ?? 1,
      judgesPerSubmission: seed.judgesPerSubmission ?? 3,
      aiPolicy: seed.aiPolicy ?? "unstated",
      timeZone: "America/New_York",
      submissionsOpen: o,
      submissionsClose: c,
      judgingOpen: jo,
      judgingClose: jc,
      resultsAt: r,
      prompts: { create: seed.prompts.map(([title, body]) => ({ title, body })) },
      rubrics: {
        create: [{ name: "Standard story rubric", criteria: JSON.stringify(standardRubric) }],
      },
    },
    include: { prompts: true, rubrics: true },
  });
  if (prepare) await prepare({ id: contest.id, rubricId: contest.rubrics[0].id });
  if (seed.published) {
    // The same path as the admin's Publish Contest: the snapshot and the contest/schedule.changed
    // event in one transaction; the steps are created at once (the scheduler would do it on its
    // first round). Steps whose moment has passed run on that round, and those that would
    // mislead (an "open" e-mail after the close) are skipped
    // (docs/decisions/0022-lifecycle-follows-the-public.md).
    await publishContest(contest.id);
    await syncSteps(contest.id);
  }
  return { contest, created: true };
}
