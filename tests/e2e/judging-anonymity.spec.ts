import { expect as baseExpect, test } from "@playwright/test";
import {
  docWithAuthor,
  docxWithAuthor,
  identityHits,
  pdfWithAuthor,
} from "../fixtures/authored-documents";
import { addFileEntry, assign, createJudgingContest } from "./judging-fixtures";
import fs from "node:fs";
import path from "node:path";
import { E2E_PORT, JUDGE, emailsTo, signIn } from "./utils";

// This machine is shared and often busy: allow slower answers than the default 7 s.
const expect = baseExpect.configure({ timeout: 15_000 });

// HTTP-level: every response a judge can reach for an entry, checked for the entrant's identity.
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "HTTP-level check; runs once");

test("nothing a judge can reach carries the entrant's name, e-mail or id", async ({
  page,
  baseURL,
}) => {
  const fixture = await createJudgingContest("anon");
  const [textEntry, otherEntry, fileEntry] = fixture.entries;
  // Documents whose metadata names their writers, as Word and PDF tools write them.
  const [a, b, c] = fixture.entrants;
  const writer = (e: typeof a) => ({ name: e.displayName, email: e.email });
  const documents = [
    await addFileEntry(fixture, a, {
      ext: "pdf",
      bytes: await pdfWithAuthor(writer(a)),
      fileName: `${a.displayName}.pdf`,
      type: "application/pdf",
    }),
    await addFileEntry(fixture, b, {
      ext: "docx",
      bytes: docxWithAuthor(writer(b)),
      fileName: `${b.displayName}.docx`,
      type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    }),
    await addFileEntry(fixture, c, {
      ext: "doc",
      bytes: docWithAuthor(writer(c)),
      fileName: `${c.displayName}.doc`,
      type: "application/msword",
    }),
  ];
  // The judge gets the text entry and the file entries; the other entry is not theirs.
  await assign(fixture, JUDGE, [textEntry.id, fileEntry.id, ...documents.map((d) => d.id)]);

  await signIn(page, JUDGE);
  await expect(page).toHaveURL(/\/dashboard$/);
  const req = page.request;
  const origin = { Origin: baseURL! };

  const secrets = fixture.entrants.flatMap((e) => [
    e.id,
    e.email,
    e.displayName,
    e.email.split("@")[0],
  ]);
  secrets.push(fileEntry.fileName!, "final draft");
  const responses: { what: string; text: string }[] = [];
  async function collect(what: string, res: Awaited<ReturnType<typeof req.get>>) {
    const headers = res
      .headersArray()
      .map((h) => `${h.name}: ${h.value}`)
      .join("\n");
    responses.push({ what, text: `${headers}\n\n${await res.text()}` });
    return res;
  }

  expect((await collect("queue", await req.get("/judge"))).status()).toBe(200);
  expect((await collect("queue data", await req.get("/judge.data"))).status()).toBe(200);
  for (const entry of [textEntry, fileEntry]) {
    expect(
      (await collect(`review ${entry.title}`, await req.get(`/judge/review/${entry.id}`))).status(),
    ).toBe(200);
    expect(
      (
        await collect(`review data ${entry.title}`, await req.get(`/judge/review/${entry.id}.data`))
      ).status(),
    ).toBe(200);
    // Saving (autosave through the data endpoint, and a plain form post) answers without identity too.
    const form = { intent: "autosave", "scores.voice": "5", "scores.mechanics": "5", comment: "" };
    expect(
      (
        await collect(
          `autosave ${entry.title}`,
          await req.post(`/judge/review/${entry.id}.data`, { form, headers: origin }),
        )
      ).status(),
    ).toBe(200);
    expect(
      (
        await collect(
          `save ${entry.title}`,
          await req.post(`/judge/review/${entry.id}`, { form, headers: origin }),
        )
      ).status(),
    ).toBe(200);
  }

  // The file: served under a neutral name, with the story itself as the body.
  const file = await collect("file", await req.get(`/judge/review/${fileEntry.id}/file`));
  expect(file.status()).toBe(200);
  expect(file.headers()["content-disposition"]).toBe(
    `attachment; filename="entry-${fileEntry.id.slice(-8)}.txt"`,
  );
  expect(await file.text()).toContain("The river remembers every boat.");
  const review = await req.get(`/judge/review/${fileEntry.id}`);
  expect(await review.text()).toContain(`Download entry-${fileEntry.id.slice(-8)}.txt`);

  // Each document, as the judge downloads it: no name or e-mail in its bytes or in any of its
  // decompressed parts (PDF streams, the parts of a .docx), in any of the usual encodings.
  const entrantSecrets = fixture.entrants.flatMap((e) => [e.email, e.displayName, e.id]);
  for (const doc of documents) {
    const res = await collect(
      `document ${doc.title}`,
      await req.get(`/judge/review/${doc.id}/file`),
    );
    expect(res.status(), doc.title).toBe(200);
    const bytes = await res.body();
    expect(identityHits(bytes, entrantSecrets), `${doc.title} as downloaded`).toEqual([]);
    // Sanity: the same search finds the writer in the document as it was uploaded.
    const original = fs.readFileSync(
      path.resolve(`tests/.data/e2e-${E2E_PORT}/uploads`, doc.filePath),
    );
    expect(identityHits(original, entrantSecrets).length, doc.title).toBeGreaterThan(0);
    expect(res.headers()["content-disposition"]).toMatch(
      /^attachment; filename="entry-[a-z0-9]{8}\.(pdf|docx|doc)"$/,
    );
  }

  // A submission not assigned to this judge is a 404, page, data and file alike.
  for (const path of [`/judge/review/${otherEntry.id}`, `/judge/review/${otherEntry.id}/file`]) {
    const res = await collect(`unassigned ${path}`, await req.get(path, { maxRedirects: 0 }));
    expect(res.status(), path).toBe(404);
  }
  const otherData = await collect(
    "unassigned data",
    await req.get(`/judge/review/${otherEntry.id}.data`),
  );
  expect(otherData.status()).toBe(404);
  const otherPost = await collect(
    "unassigned post",
    await req.post(`/judge/review/${otherEntry.id}`, {
      form: { intent: "submit" },
      headers: origin,
      maxRedirects: 0,
    }),
  );
  expect(otherPost.status()).toBe(404);

  // E-mails the judge has received.
  for (const mail of await emailsTo(JUDGE))
    responses.push({
      what: `e-mail ${mail.subject}`,
      text: `${mail.subject}\n${mail.html}\n${mail.text}`,
    });

  expect(responses.length).toBeGreaterThan(10);
  const leaks = responses.flatMap((r) =>
    secrets.filter((s) => r.text.includes(s)).map((s) => `${r.what} contains ${s}`),
  );
  expect(leaks).toEqual([]);
  // Sanity: the check can fail — the entries' own titles are there.
  expect(responses.some((r) => r.text.includes(textEntry.title))).toBe(true);
});
