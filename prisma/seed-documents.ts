/**
 * Demo entries sent as documents (docs/decisions/0034-reading-desk.md): PDF and DOCX files in the
 * judging contest, in the demo judge's queue (some scored, some waiting), stored through the app's
 * storage with their text read by the app's own reader, as an upload would leave them. One of
 * them names its writer in its text: the admin finds it flagged, and judges read "[removed]".
 * Idempotent: an entry is made only when its title is missing from the contest.
 */
import { Readable } from "node:stream";
import { prisma } from "~/utils/db.server";
import { entryFileKey, getStorage } from "~/utils/storage.server";
import { inspectDocument } from "../app/features/documents/documents";
import { MIME_TYPES } from "../app/features/documents/file-sniff";
import { countWords } from "../app/features/entries/word-count";
import { recordIdentityHits } from "../app/features/anonymity/identity.server";
import { weightedTotal } from "../app/features/contests/rubric";
import { docxFromText, pdfFromText } from "./document-builders";
import { standardRubric } from "./seed-helpers";

type DemoDocument = {
  title: string;
  kind: "pdf" | "docx";
  fileName: string;
  writer: { email: string; name: string };
  /** Whether the demo judge has scored it already. */
  scored: boolean;
  /** Names its writer: nobody has scored it, the admin has a decision to make. */
  flagged?: true;
  text: string;
};

const WEIGHT_OF_APPLES = `My grandfather weighed everything. Flour, nails, letters before he posted them, the puppy the week we brought her home. He kept a brass scale on the kitchen windowsill and a notebook beside it, and in the notebook he wrote numbers in pencil so small that you needed his reading glasses to see them.

The autumn he got sick, he asked me to weigh the apples.

We had one tree, a crooked thing behind the shed that my mother said was older than the house. Every October it dropped more apples than we could eat, and every October my grandfather picked them up one by one, turned each in his hand, and set it on the scale. Then he wrote the number down. I never asked why. Some questions feel too big for a kitchen.

That year he could not bend down, so I did it. I filled the blue bucket and carried it inside, and he sat at the table with the notebook open and the pencil ready. I put the first apple on the scale. One hundred and sixty grams. He wrote it down and nodded as if I had told him something important.

We did that every afternoon for two weeks. Some apples were small and hard and sour. Some were as big as my fist and split at the top where the rain had got in. I started to guess before I put them on the scale, and by the second week I was almost always right, within ten grams. He was proud of that. He said I had good hands.

On the last afternoon there were only four apples left on the ground. I weighed them and he wrote them down, and then he turned the notebook around so I could read it. The first page was from the year I was born. Every page after that was another October. He had added up every year at the bottom of the page, and in the margin, next to each total, he had written a few words. "Dry summer." "New roof." "She walked today." That last one was about me.

"Now you know what the tree has given us," he said. "Nobody else in the world knows that."

He died in February. In October I picked up the apples by myself, and I weighed every one, and I wrote the numbers small, in pencil, so that nobody would see them unless they really wanted to look.`;

const SALT_AND_STATIC = `The radio in the lighthouse had not worked for eleven years, which was why Pim was so surprised when it started talking.

It was a Tuesday. Tuesdays were for polishing the lens, and Pim was halfway up the ladder with a cloth in one hand and a tin of polish in the other when the speaker on the desk below gave a cough of static, then a voice.

"Is anyone there? Please. Is anyone listening?"

Pim nearly fell. She climbed down so fast that she scraped her knee on the last rung, and she stood in front of the radio with her heart thumping. The dial glowed a dull orange. She had never seen it glow before.

"Hello?" she said, and then felt silly, because she had not pressed anything. She found the button on the side of the microphone and tried again. "Hello. This is the lighthouse on Gannet Rock. I can hear you."

There was a long hiss. Then: "Oh, thank goodness. We have lost our engine and the fog is very thick. We can hear the sea on rocks but we cannot see anything."

Pim looked out of the window. The fog was so thick that the gulls had stopped flying. She thought about her uncle, who kept the light, and who had gone to the mainland that morning for supplies and would not be back until the fog lifted. She thought about how the big lamp needed two people to start, and how she had only ever watched.

"Stay where you are," she said into the microphone. "Do not try to row. I am going to light the lamp."

It took her forty minutes. She got the order wrong twice, and once the flame went out and she had to start again from the beginning, with her hands shaking so much that she dropped the matches. But at last the great lens began to turn, slowly, then steadily, and the beam swept out over the water like a long white arm.

The radio crackled. "We see it. We see the light."

They came in at dawn, three fishermen in a small grey boat, towing it behind a rowing boat from the village. One of them climbed the path to the lighthouse and knocked on the door and asked to shake the hand of the keeper.

"He is on the mainland," Pim said.

The fisherman looked at her scraped knee and her black fingers and the matches all over the floor, and he smiled, and he shook her hand anyway.

The radio never spoke again. Her uncle said it could not have worked at all, that the wires inside were green with salt. Pim did not argue. She polished it every Tuesday, just in case.`;

const NOVEMBER_COUNTED = `A poem in seven small counts

One:
the first frost on the car roof,
a map of a country nobody has visited,
gone by the time the kettle boils.

Two:
my brother's boots by the door,
one standing, one lying down,
as if they could not agree on what to do today.

Three:
the geese, of course. Always the geese.
They write the same word across the sky every year
and every year I try to read it
and every year it is gone before I can.

Four:
the leaves in the gutter, going brown to black,
the color of tea left too long in the cup,
the color of the ink in my grandmother's pen
when she wrote our names inside the front cover of every book.

Five:
a Saturday with nothing in it.
Rain on the window. A jigsaw with the sky still missing.
My mother humming a song she says she does not know.

Six:
the streetlights coming on at half past four,
one by one down the hill,
like someone walking home and remembering
to touch each gate as they pass.

Seven:
the last apple in the bowl, soft now, sweet,
and the last page of the library book
that I read slowly, slowly, a line at a time,
because after it there is only December,
and I am not ready to count that far.

Afterword:
I wrote this in November, on the bus, in the back of my maths book, one count a day. I am not sure it is a poem. My teacher says that if you count carefully enough, almost anything becomes one. I like that idea. I think it means that paying attention is a kind of writing, even when you do not have a pencil, even when the bus is loud and the window is fogged and you have to wipe a little circle in it with your sleeve to see the streetlights come on.`;

const THE_BUS_THAT_WAITED = `Every morning at 7:42 the number nine bus stopped outside the bakery on Fenwick Road, and every morning Mr. Adebayo waited for the girl with the yellow backpack.

He was not supposed to. The timetable said the bus should leave at 7:42, and the timetable was printed on a laminated card stuck to the dashboard, and his supervisor had told him twice that the timetable was not a suggestion. But the girl with the yellow backpack was always running, always coming round the corner by the post office with one shoe untied and her hair still wet, and Mr. Adebayo could not bring himself to pull away while she was running.

So he waited. Ten seconds, twenty, once nearly a full minute. The passengers sighed. A man in a grey suit tapped his watch. But the girl would jump on, breathless, and hold up her pass, and say "Thank you" as if he had done something enormous, and Mr. Adebayo would say "Sit down, please," as if he had done nothing at all.

In March she stopped coming.

He waited the first morning anyway, for nearly two minutes, until the man in the grey suit stood up and came to the front and asked if there was a problem. There was no problem. He drove on. The next morning he waited a little less, and the morning after that, less again, until by the end of the week the bus left at 7:42 exactly, and his supervisor, checking the records, sent him a short e-mail that said "Good."

It did not feel good.

In May, on a warm morning with the bakery door propped open and the smell of bread drifting across the pavement, he saw a yellow backpack at the stop. The girl was standing still. She was not out of breath. Her shoes were tied. Beside her was a woman leaning on a stick, and the girl was holding her arm.

"This is my gran," the girl said, when the doors opened. "She has been in hospital. I have been staying with her. She wanted to meet the driver who waits."

The old woman climbed the step slowly, one hand on the rail and one on the girl's shoulder. It took a long time. The man in the grey suit, who was still on the bus every morning, did not tap his watch. Nobody sighed.

"Thank you," the grandmother said, when she was finally sitting down. "For the waiting."

Mr. Adebayo looked at the laminated card on the dashboard. 7:42. It was 7:45.

"Sit down, please," he said, and he pulled away from the curb very gently, so that nobody would fall.`;

const ORCHARD_LETTERS = `Letters to the Orchard
by Amara Okoye

Dear orchard, I am writing to you because nobody else will listen to me talk about trees for this long.

When we moved here in August you were just the view from my new bedroom window: thirty rows of something green that my father called "the neighbours' problem". I did not know then that you had names. The old man who looks after you, Mr. Hollis, told me the names in September, one row at a time, while I held the ladder. Bramley. Cox. Discovery. Egremont Russet, which sounds like a detective. Worcester Pearmain, which sounds like a duke.

In October you were so busy that I felt bad for writing. Mr. Hollis let me help with the picking after school. I learned to lift an apple and turn it instead of pulling, so that it comes away with its stalk. I learned that a bruise you cannot see today will be brown tomorrow. I learned that wasps are only angry when you are.

Now it is November and you are bare, and I can see right through you to the hill on the other side. Mr. Hollis says this is when you rest. He says trees need the cold, that without a proper winter you would not know when to wake up. I think about that a lot. I think I am like that too. The move was my winter. Everything I knew fell off.

But I have noticed something. On the tips of your branches there are buds already, tiny and tight and brown, like fists. Mr. Hollis says they were there all along, since summer, waiting under the leaves. I did not see them because there was too much going on.

I am going to keep writing to you. I will tell you about my new school, and the girl called Sunny who sits next to me in science and draws comics in the margins, and the bus driver who says good morning in three languages. You can tell me when it is time to wake up.

Yours, from the window.`;

const DEMO_DOCUMENTS: DemoDocument[] = [
  {
    title: "The Weight of Apples",
    kind: "pdf",
    fileName: "the-weight-of-apples.pdf",
    writer: { email: "isla.marsh@inkwell.test", name: "Isla Marsh" },
    scored: true,
    text: WEIGHT_OF_APPLES,
  },
  {
    title: "Salt and Static",
    kind: "docx",
    fileName: "Salt and Static (final).docx",
    writer: { email: "kofi.mensah@inkwell.test", name: "Kofi Mensah" },
    scored: true,
    text: SALT_AND_STATIC,
  },
  {
    title: "November, Counted",
    kind: "docx",
    fileName: "november-counted.docx",
    writer: { email: "wren.castillo@inkwell.test", name: "Wren Castillo" },
    scored: false,
    text: NOVEMBER_COUNTED,
  },
  {
    title: "The Bus That Waited",
    kind: "pdf",
    fileName: "The Bus That Waited.pdf",
    writer: { email: "theo.lindqvist@inkwell.test", name: "Theo Lindqvist" },
    scored: false,
    text: THE_BUS_THAT_WAITED,
  },
  {
    // Names its writer in its first lines: flagged for the admin, "[removed]" for judges.
    title: "Letters to the Orchard",
    kind: "docx",
    fileName: "letters-to-the-orchard.docx",
    writer: { email: "amara.okoye@inkwell.test", name: "Amara Okoye" },
    scored: false,
    flagged: true,
    text: ORCHARD_LETTERS.replace(/^Letters to the Orchard\n/, ""),
  },
];

/**
 * The document entries of the judging contest, each assigned to the demo judge and the second
 * judge (who has scored them all, as in the rest of that contest).
 */
export async function seedDocumentEntries(
  contestId: string,
  judges: { judge: { id: string }; judge2: { id: string } },
) {
  const rubric = await prisma.rubric.findFirstOrThrow({
    where: { contestId },
    orderBy: { createdAt: "asc" },
  });
  const existing = new Set(
    (
      await prisma.submission.findMany({
        where: { contestId, title: { in: DEMO_DOCUMENTS.map((d) => d.title) } },
        select: { title: true },
      })
    ).map((s) => s.title),
  );
  for (const [i, doc] of DEMO_DOCUMENTS.entries()) {
    if (existing.has(doc.title)) continue;
    // Demo writers without a password: their entries are what the demo shows, not their accounts.
    const writer = await prisma.user.upsert({
      where: { email: doc.writer.email },
      update: {},
      create: {
        email: doc.writer.email,
        displayName: doc.writer.name,
        dateOfBirth: new Date(`${2009 + (i % 3)}-0${i + 2}-15T00:00:00Z`),
        grade: 10 - (i % 3),
      },
    });
    const bytes =
      doc.kind === "pdf"
        ? await pdfFromText(doc.title, doc.text)
        : docxFromText(doc.title, doc.text);
    const inspected = await inspectDocument(doc.kind, bytes);
    if (!inspected.ok) throw new Error(`The demo document "${doc.title}" could not be read`);
    // The reading text, and every text of the file for the identity check (ADR 0034).
    const { text, fullText } = inspected;
    const key = entryFileKey(writer.id, contestId, doc.kind);
    await getStorage().put(key, Readable.from([Buffer.from(bytes)]), {
      contentType: MIME_TYPES[doc.kind],
    });
    const submission = await prisma.submission.create({
      data: {
        contestId,
        entrantId: writer.id,
        title: doc.title,
        body: null,
        wordCount: countWords(text),
        filePath: key,
        fileName: doc.fileName,
        fileType: MIME_TYPES[doc.kind],
        fileSize: bytes.byteLength,
        status: "submitted",
        document: { create: { text, status: "text" } },
      },
    });
    await recordIdentityHits(prisma, submission.id, { reading: text, file: fullText });
    for (const [j, judge] of [judges.judge, judges.judge2].entries()) {
      const assignment = await prisma.judgeAssignment.create({
        data: { contestId, judgeId: judge.id, submissionId: submission.id },
      });
      if ((j === 0 && !doc.scored) || doc.flagged) continue;
      const scores = Object.fromEntries(
        standardRubric.map((c, k) => [c.key, 5 + ((i * 2 + j + k) % 5) * 0.5 + (i % 2)]),
      );
      await prisma.score.create({
        data: {
          assignmentId: assignment.id,
          rubricId: rubric.id,
          judgeId: judge.id,
          submissionId: submission.id,
          scores: JSON.stringify(scores),
          comment:
            "A clear, quiet voice and an ending that lands. The middle could move a little faster.",
          total: weightedTotal(standardRubric, scores),
          submittedAt: new Date(),
        },
      });
    }
  }
}
