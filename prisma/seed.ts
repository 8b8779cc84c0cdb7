/**
 * Demo data for a new machine. Idempotent: accounts are upserted by e-mail and contests are only
 * created when their slug is missing, so running it again keeps existing data.
 */
import { prisma } from "~/utils/db.server";
import { ATTESTATION_WORDING } from "../app/features/classrooms/attestations";
import { weightedTotal } from "../app/features/contests/rubric";
import { declarationWording, type AiUse } from "../app/features/contests/ai-policy";
import { DEMO_PASSWORD, ensureContest, ensureUser, standardRubric, story } from "./seed-helpers";
import { seedDocumentEntries } from "./seed-documents";
import { seedJudgingPanelStory, seedPanels } from "./seed-panel";
import { seedStagedContests } from "./seed-rounds";
import { seedComparisonContest } from "./seed-comparison";
import { seedCopies } from "./seed-copies";

export { DEMO_PASSWORD };

const RULES =
  "One entry per writer. Your story must be your own original, unpublished work. Do not put your name anywhere in the story: judging is anonymous.";

/** Every demo contest, each with its panel (seed-panel.ts). */
const DEMO_SLUGS = [
  "young-voices-short-story-2027",
  "flash-fiction-free-for-all",
  "winter-tales-2026",
  "autumn-poetry-in-prose",
  "summer-mystery-draft",
  "spring-story-cup-2026",
  "northern-lights-story-prize",
];

export async function seed() {
  const admin = await ensureUser("admin@inkwell.test", "Avery Admin", { roles: ["admin"] });
  const judge = await ensureUser("judge@inkwell.test", "Jordan Judge", { roles: ["judge"] });
  const entrant = await ensureUser("entrant@inkwell.test", "Emery Entrant", {
    born: "2010-03-14",
    grade: 11,
  });
  const judge2 = await ensureUser("judge2@inkwell.test", "Morgan Reed", { roles: ["judge"] });
  const judge3 = await ensureUser("judge3@inkwell.test", "Sam Okafor", { roles: ["judge"] });
  const writers = [entrant];
  for (const [i, name] of [
    "Riley Chen",
    "Priya Nair",
    "Lucas Romero",
    "Hana Sato",
    "Ola Nwosu",
  ].entries()) {
    writers.push(
      await ensureUser(`writer${i + 1}@inkwell.test`, name, {
        born: `20${10 + (i % 3)}-0${i + 1}-10`,
        grade: 11 - (i % 3),
      }),
    );
  }

  const { contest: young, created: youngCreated } = await ensureContest({
    slug: "young-voices-short-story-2027",
    title: "Young Voices Short Story Prize 2027",
    description:
      "Our flagship short story contest for writers aged 10 to 18. Tell us a story about a moment that changed everything. Winners receive a cash prize and publication in the Inkwell anthology.",
    rules: RULES,
    fee: 1500,
    wordMin: 500,
    wordMax: 2500,
    published: true,
    dates: [-10, 30, 31, 60, 75],
    prompts: [
      [
        "The turning point",
        "Write about a single moment after which nothing was the same for your main character.",
      ],
      [
        "An unexpected letter",
        "A letter arrives that should never have been sent. What does it say, and who reads it?",
      ],
    ],
  });
  const { contest: flash, created: flashCreated } = await ensureContest({
    slug: "flash-fiction-free-for-all",
    title: "Flash Fiction Free-for-All",
    description:
      "A free flash fiction contest open to every young writer. Small stories, big ideas: tell a complete story in 100 to 1000 words.",
    rules:
      "Up to three entries per writer. Your stories must be your own original, unpublished work. Do not put your name anywhere in a story: judging is anonymous.",
    fee: 0,
    wordMin: 100,
    wordMax: 1000,
    entriesPerWriter: 3,
    published: true,
    dates: [-5, 20, 21, 40, 50],
    prompts: [
      [
        "Weather report",
        "A storm, a heatwave or a single snowflake: let the weather drive your story.",
      ],
    ],
  });
  const { contest: closed, created: closedCreated } = await ensureContest({
    slug: "winter-tales-2026",
    title: "Winter Tales 2026",
    description:
      "Stories of snow, silence and starlight. This contest has closed and its results are out.",
    rules: RULES,
    fee: 0,
    wordMin: 50,
    wordMax: 1500,
    published: true,
    dates: [-90, -60, -59, -30, -20],
    prompts: [
      ["The longest night", "Write about the longest night of the year, and what it brings."],
    ],
  });
  const { contest: judging, created: judgingCreated } = await ensureContest({
    slug: "autumn-poetry-in-prose",
    title: "Autumn Prose Poems",
    description:
      "Short prose pieces about change and falling leaves. Submissions have closed and judging is under way.",
    rules: RULES,
    fee: 0,
    wordMin: 50,
    wordMax: 800,
    published: true,
    // Its entries are seeded with two judges each: the assign step has nothing to add.
    judgesPerSubmission: 2,
    // Writers declare how they used AI; two declarations break it (ADR 0053).
    aiPolicy: "ideas_only",
    dates: [-40, -10, -9, 20, 30],
    prompts: [["Falling", "Something is falling. Write about it."]],
  });
  await ensureContest({
    slug: "summer-mystery-draft",
    title: "Summer Mystery Challenge",
    description:
      "A mystery story contest planned for the summer holidays. Still being prepared by the team.",
    rules: RULES,
    fee: 500,
    wordMin: 800,
    wordMax: 3000,
    published: false,
    dates: [60, 120, 121, 150, 160],
    prompts: [["The locked room", "Something has vanished from a room nobody could enter."]],
  });

  // Demo discount codes (docs/decisions/0020-payments.md): a classroom half-price code for the
  // paid contest and a fee waiver with a few uses.
  const paid = await prisma.contest.findUniqueOrThrow({
    where: { slug: "young-voices-short-story-2027" },
    select: { id: true },
  });
  for (const code of [
    { code: "CLASSROOM50", percentOff: 50, contestId: paid.id, maxUses: 30 },
    { code: "FEEWAIVER", percentOff: 100, contestId: null, maxUses: 100 },
  ])
    await prisma.discountCode.upsert({ where: { code: code.code }, create: code, update: {} });

  const judges = [judge, judge2, judge3];
  const classroom = await seedClassroom();
  if (closedCreated) {
    await seedEntries(closed.id, writers, judges, { scoreAll: true, titles: WINTER_TITLES });
    // The demo writers agreed that a winning story may be shown on the results page.
    await prisma.submission.updateMany({
      where: { contestId: closed.id },
      data: { showIfAwarded: true },
    });
  }
  if (judgingCreated) {
    await seedEntries(judging.id, writers, [judge, judge2], {
      scoreAll: false,
      titles: AUTUMN_TITLES,
    });
    await seedJudgingPanelStory(judging.id, { admin, judge, judge2, judge3 });
  }
  // Entries sent as PDF and DOCX in the demo judge's queue, one naming its writer (ADR 0034).
  await seedDocumentEntries(judging.id, { judge, judge2 });
  // Every entry of the judging contest declares how AI was used (ADR 0053).
  if (judging.aiPolicy === "ideas_only") await seedAiDeclarations(judging.id);
  if (closedCreated) await seedClassEntries(closed.id, classroom, judges);
  if (youngCreated && flashCreated) await seedOpenClassEntries(young.id, flash.id, classroom);
  await seedStagedContests({ writers, judges });
  // A first round judged by comparison, part-way through (docs/decisions/0056-comparison-rounds.md).
  await seedComparisonContest(judges);
  // Possible copies: a near-identical pair and a copied paragraph (ADR 0054).
  await seedCopies();
  await seedPanels(DEMO_SLUGS, { admin, judges });
  return { admin, judge, entrant };
}

/**
 * The demo educator (docs/decisions/0031-classrooms-and-shared-computers.md): Grace Hopkins,
 * approved, teaches "Room 12 Writers" at Maple Grove Primary, with three roster pupils (no
 * accounts) and one pupil who joined with the class code (pupil@inkwell.test); a second teacher
 * waits for approval. Idempotent like the rest: made once, by e-mail and join code.
 */
async function seedClassroom() {
  const teacher = await ensureUser("educator@inkwell.test", "Grace Hopkins", {
    born: "1984-09-02",
  });
  const pending = await ensureUser("teacher2@inkwell.test", "Dan Whitfield", {
    born: "1979-01-20",
  });
  const pupil = await ensureUser("pupil@inkwell.test", "Leo Park", {
    born: "2015-04-11",
    grade: 5,
  });
  // Leo is under 13: his parent agreed when he joined (the existing consent flow).
  await prisma.user.update({
    where: { id: pupil.id },
    data: { parentEmail: "parent.park@inkwell.test", parentConsentAt: new Date() },
  });
  const school =
    (await prisma.school.findFirst({ where: { name: "Maple Grove Primary" } })) ??
    (await prisma.school.create({
      data: { name: "Maple Grove Primary", city: "Springfield", country: "United States" },
    }));
  await prisma.school.upsert({
    where: { id: `${school.id}-variant` },
    update: {},
    // The same school as another teacher spelled it: the admin's merge on /admin/schools.
    create: {
      id: `${school.id}-variant`,
      name: "Maple Grove Primary School",
      city: "Springfield",
      country: "United States",
    },
  });
  await prisma.educator.upsert({
    where: { userId: teacher.id },
    update: {},
    create: {
      userId: teacher.id,
      schoolId: school.id,
      role: "Teacher",
      status: "approved",
      decidedAt: new Date(),
    },
  });
  await prisma.educator.upsert({
    where: { userId: pending.id },
    update: {},
    create: {
      userId: pending.id,
      schoolId: `${school.id}-variant`,
      role: "Librarian",
      status: "pending",
    },
  });
  const existing = await prisma.classroom.findUnique({
    where: { joinCode: "MAPLE-12" },
    include: { pupils: { orderBy: { createdAt: "asc" } } },
  });
  if (existing) return existing;
  return prisma.classroom.create({
    data: {
      educatorId: teacher.id,
      name: "Room 12 Writers",
      band: "Grade 5",
      size: 30,
      joinCode: "MAPLE-12",
      pupils: {
        create: [
          { firstName: "Mia", lastInitial: "R", grade: 5, parentEmail: "mia.parent@inkwell.test" },
          { firstName: "Noah", lastInitial: "T", grade: 5 },
          { firstName: "Zara", lastInitial: "K", grade: 5 },
          { firstName: "Leo", lastInitial: "P", grade: 5, userId: pupil.id, joinedAt: new Date() },
        ],
      },
    },
    include: { pupils: { orderBy: { createdAt: "asc" } } },
  });
}

/**
 * The class in the open contests: Mia's and Noah's entries to the paid contest paid for in one
 * payment (one test-mode checkout with a line each), Zara's waiting for the teacher to pay, and
 * Zara's entry to the free contest.
 */
async function seedOpenClassEntries(
  paidContestId: string,
  freeContestId: string,
  classroom: {
    id: string;
    educatorId: string;
    pupils: { id: string; firstName: string; lastInitial: string }[];
  },
) {
  const [mia, noah, zara] = classroom.pupils;
  const educator = await prisma.user.findUniqueOrThrow({
    where: { id: classroom.educatorId },
    select: { displayName: true, email: true },
  });
  const contests = await prisma.contest.findMany({
    where: { id: { in: [paidContestId, freeContestId] } },
    select: { id: true, title: true, entryFeeCents: true },
  });
  const titleOf = (id: string) => contests.find((c) => c.id === id)!.title;
  const fee = contests.find((c) => c.id === paidContestId)!.entryFeeCents;
  const entry = async (
    contestId: string,
    pupil: { id: string; firstName: string; lastInitial: string },
    title: string,
    words: number,
    status: "submitted" | "pending_payment",
  ) => {
    const body = story(words, title.length);
    const submission = await prisma.submission.create({
      data: {
        contestId,
        entrantId: classroom.educatorId,
        pupilId: pupil.id,
        title,
        body,
        wordCount: body.split(/\s+/).length,
        status,
      },
    });
    for (const kind of ["parental_permission", "originality"] as const)
      await prisma.consentAttestation.create({
        data: {
          kind,
          educatorId: classroom.educatorId,
          educatorName: educator.displayName,
          educatorEmail: educator.email,
          schoolName: "Maple Grove Primary",
          pupilId: pupil.id,
          pupilName: `${pupil.firstName} ${pupil.lastInitial}.`,
          contestId,
          contestTitle: titleOf(contestId),
          submissionId: kind === "originality" ? submission.id : null,
          wording: ATTESTATION_WORDING[kind],
        },
      });
    return submission;
  };
  const paidEntries = [
    await entry(paidContestId, mia, "The Clockmaker's Apprentice", 640, "submitted"),
    await entry(paidContestId, noah, "Tidepool Kingdom", 580, "submitted"),
  ];
  const paymentIntentId = "pi_test_local_democlass0001";
  const group = await prisma.paymentGroup.create({
    data: {
      contestId: paidContestId,
      payerId: classroom.educatorId,
      status: "paid",
      method: "card",
      amountCents: fee * paidEntries.length,
      checkoutSessionId: "cs_test_local_democlass0001",
      paymentIntentId,
      paidAt: new Date(),
    },
  });
  for (const s of paidEntries)
    await prisma.payment.create({
      data: {
        submissionId: s.id,
        contestId: paidContestId,
        feeCents: fee,
        amountCents: fee,
        status: "paid",
        groupId: group.id,
        paymentIntentId,
        paidAt: new Date(),
      },
    });
  // The test-mode checkout that took the class's one payment (so a refund of one line works).
  await prisma.testCheckoutSession.create({
    data: {
      id: "cs_test_local_democlass0001",
      idempotencyKey: `group:${group.id}`,
      groupId: group.id,
      lines: JSON.stringify(
        paidEntries.map((s) => ({ submissionId: s.id, description: s.title, amountCents: fee })),
      ),
      amountCents: fee * paidEntries.length,
      description: `Entry fees: ${titleOf(paidContestId)} (${paidEntries.length} entries)`,
      status: "complete",
      paymentStatus: "paid",
      paymentIntentId,
      successUrl: "http://localhost:3000/educator",
      cancelUrl: "http://localhost:3000/educator",
    },
  });
  const waiting = await entry(paidContestId, zara, "Paper Lanterns", 700, "pending_payment");
  await prisma.payment.create({
    data: {
      submissionId: waiting.id,
      contestId: paidContestId,
      feeCents: fee,
      amountCents: fee,
      status: "open",
    },
  });
  await entry(freeContestId, zara, "Thunder in a Teacup", 240, "submitted");
}

const CLASS_TITLES = ["The Paper Boat", "Grandma's Radio", "Under the Bleachers", "Snow Day Map"];

/**
 * The class's entries to the closed contest (scored by every judge, so its results name them):
 * sent by the educator for each pupil, with the educator's attestations in the consent ledger.
 */
async function seedClassEntries(
  contestId: string,
  classroom: {
    id: string;
    educatorId: string;
    pupils: { id: string; firstName: string; lastInitial: string }[];
  },
  judges: { id: string }[],
) {
  const [contest, educator] = await Promise.all([
    prisma.contest.findUniqueOrThrow({ where: { id: contestId }, select: { title: true } }),
    prisma.user.findUniqueOrThrow({
      where: { id: classroom.educatorId },
      select: { displayName: true, email: true },
    }),
  ]);
  const rubric = await prisma.rubric.findFirstOrThrow({
    where: { contestId },
    orderBy: { createdAt: "asc" },
  });
  for (const [i, pupil] of classroom.pupils.entries()) {
    const body = story(200 + i * 41, i * 7 + 3);
    const submission = await prisma.submission.create({
      data: {
        contestId,
        entrantId: classroom.educatorId,
        pupilId: pupil.id,
        title: CLASS_TITLES[i % CLASS_TITLES.length],
        body,
        wordCount: body.split(/\s+/).length,
        status: "submitted",
        showIfAwarded: true,
      },
    });
    const pupilName = `${pupil.firstName} ${pupil.lastInitial}.`;
    await prisma.consentAttestation.create({
      data: {
        kind: "originality",
        educatorId: classroom.educatorId,
        educatorName: educator.displayName,
        educatorEmail: educator.email,
        schoolName: "Maple Grove Primary",
        pupilId: pupil.id,
        pupilName,
        contestId,
        contestTitle: contest.title,
        submissionId: submission.id,
        wording: ATTESTATION_WORDING.originality,
      },
    });
    for (const [j, judge] of judges.entries()) {
      const assignment = await prisma.judgeAssignment.create({
        data: { contestId, judgeId: judge.id, submissionId: submission.id },
      });
      // The class writes well: one of them places.
      const scores = Object.fromEntries(
        // Never above a criterion's maximum (issue 34 found "11 / 10" here; ADR 0045).
        standardRubric.map((c, k) => [
          c.key,
          Math.min(c.maxPoints, 6 + ((i + j + k) % 4) + (i === 0 ? 2 : 0)),
        ]),
      );
      await prisma.score.create({
        data: {
          assignmentId: assignment.id,
          rubricId: rubric.id,
          judgeId: judge.id,
          submissionId: submission.id,
          scores: JSON.stringify(scores),
          comment: "A confident voice and a strong sense of place. Keep reading your work aloud.",
          total: weightedTotal(standardRubric, scores),
          submittedAt: new Date(),
        },
      });
    }
  }
}

const WINTER_TITLES = [
  "The Lantern Promise",
  "Frost on the Window",
  "Starlight Station",
  "Seven Silent Days",
  "Snowblind",
  "The Last Sled",
];
const AUTUMN_TITLES = [
  "Leaves Like Letters",
  "What the Maple Knew",
  "Harvest Moon Radio",
  "The Orchard Gate",
  "Rustle",
  "Bonfire Night",
];

/**
 * The AI declarations of the judging contest's entries (ADR 0053): one of each kind under its
 * "ideas only" policy, so "editing" and "generated" are flagged to the admin; the rest say none.
 * Only entries without one are written (idempotent).
 */
const DEMO_AI_ANSWERS: [AiUse, string | null][] = [
  ["generated", "AI wrote the first paragraph and I wrote the rest."],
  ["ideas", "I asked for ideas about what could be falling."],
  ["editing", "It fixed my spelling and changed some sentences."],
  ["none", null],
];
async function seedAiDeclarations(contestId: string) {
  const entries = await prisma.submission.findMany({
    where: { contestId, pupilId: null, aiDeclaration: null },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true, entrant: { select: { id: true, displayName: true } } },
  });
  for (const [i, s] of entries.entries()) {
    const [use, how] = DEMO_AI_ANSWERS[Math.min(i, DEMO_AI_ANSWERS.length - 1)];
    const wording = declarationWording("ideas_only", use, "writer");
    await prisma.aiDeclaration.create({
      data: {
        submissionId: s.id,
        ...wording,
        how,
        declaredBy: "writer",
        declarerId: s.entrant.id,
        declarerName: s.entrant.displayName,
      },
    });
    if (wording.breaksPolicy)
      await prisma.submission.update({ where: { id: s.id }, data: { aiPolicyBroken: true } });
  }
}

async function seedEntries(
  contestId: string,
  writers: { id: string }[],
  judges: { id: string }[],
  { scoreAll, titles }: { scoreAll: boolean; titles: string[] },
) {
  const rubric = await prisma.rubric.findFirstOrThrow({
    where: { contestId },
    orderBy: { createdAt: "asc" },
  });
  for (const [i, writer] of writers.entries()) {
    const body = story(120 + i * 37, i * 5);
    const submission = await prisma.submission.create({
      data: {
        contestId,
        entrantId: writer.id,
        title: titles[i % titles.length],
        body,
        wordCount: body.split(/\s+/).length,
        status: "submitted",
      },
    });
    for (const [j, judge] of judges.entries()) {
      const assignment = await prisma.judgeAssignment.create({
        data: { contestId, judgeId: judge.id, submissionId: submission.id },
      });
      // In the judging contest, judge@inkwell.test (j = 0) has scored only the first half.
      const scored = scoreAll || (j === 0 ? i < writers.length / 2 : true);
      const scores = Object.fromEntries(
        standardRubric.map((c, k) => [c.key, 4 + ((i * 3 + j * 2 + k) % 7) * 0.5 + (i % 3)]),
      );
      if (!scored) {
        // The demo judge's first pending entry has an unsubmitted draft (it does not count).
        if (i === Math.ceil(writers.length / 2)) {
          const partial = { [standardRubric[0].key]: scores[standardRubric[0].key] };
          await prisma.scoreDraft.create({
            data: {
              assignmentId: assignment.id,
              scores: JSON.stringify(partial),
              total: weightedTotal(standardRubric, partial),
            },
          });
        }
        continue;
      }
      await prisma.score.create({
        data: {
          assignmentId: assignment.id,
          rubricId: rubric.id,
          judgeId: judge.id,
          submissionId: submission.id,
          scores: JSON.stringify(scores),
          comment:
            "Vivid imagery and a satisfying ending. Watch the comma splices in the middle section.",
          total: weightedTotal(standardRubric, scores),
          submittedAt: new Date(),
        },
      });
    }
  }
}

const isMain = process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").pop()!);
if (isMain) {
  seed()
    .then(async () => {
      const counts = await Promise.all([
        prisma.user.count(),
        prisma.contest.count(),
        prisma.submission.count(),
      ]);
      console.log(`Seeded: ${counts[0]} users, ${counts[1]} contests, ${counts[2]} submissions.`);
      console.log(
        `Demo accounts: admin@inkwell.test, judge@inkwell.test, entrant@inkwell.test, educator@inkwell.test, pupil@inkwell.test (password ${DEMO_PASSWORD})`,
      );
    })
    .catch((error) => {
      console.error(error);
      process.exit(1);
    })
    .finally(() => prisma.$disconnect());
}
