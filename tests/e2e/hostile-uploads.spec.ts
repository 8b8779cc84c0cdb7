import { expect, test } from "@playwright/test";
import http from "node:http";
import { CONFIRMATIONS } from "../../app/features/entries/entry-schema";
import { docxWithTagFlood } from "../fixtures/authored-documents";
import { multipart, signInCookie } from "./http";
import { ENTRANT, signIn, signUp, uniqueEmail } from "./utils";

// Uploads past the 10 MB file limit, over a raw HTTP connection (docs/decisions/0024-hostile-documents.md):
// the answer must come while the client is still sending, not never.

const FLASH = "flash-fiction-free-for-all"; // free, open
const MiB = 1024 * 1024;

type Answer = { status: number; body: string } | { error: string };

function upload(
  baseURL: string,
  cookie: string,
  fileBytes: number,
  mode: "content-length" | "chunked",
): Promise<Answer> {
  const boundary = "----inkwellHostileUpload7d1";
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nBig story\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.txt"\r\n` +
      `Content-Type: text/plain\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = Buffer.alloc(MiB, 0x61);
  return new Promise((resolve) => {
    const req = http.request(new URL(`/contests/${FLASH}/enter`, baseURL), {
      method: "POST",
      headers: {
        Origin: baseURL,
        Cookie: cookie,
        "Content-Type": `multipart/form-data; boundary=${boundary}`,
        ...(mode === "content-length"
          ? { "Content-Length": String(head.length + fileBytes + tail.length) }
          : {}),
      },
    });
    req.on("response", (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", (error) => resolve({ error: String(error) }));
    void (async () => {
      req.write(head);
      for (let sent = 0; sent < fileBytes && !req.destroyed; sent += MiB) {
        if (!req.write(chunk.subarray(0, Math.min(MiB, fileBytes - sent))))
          await new Promise((r) => req.once("drain", r));
      }
      req.end(tail);
    })();
  });
}

test.describe("uploads over the file limit", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "HTTP-level; runs once");

  for (const mode of ["content-length", "chunked"] as const) {
    test(`a 30 MiB upload (${mode}) is answered 413 with the file-size message`, async ({
      baseURL,
    }) => {
      test.setTimeout(30_000);
      const cookie = await signInCookie(baseURL!, ENTRANT);
      const answer = await upload(baseURL!, cookie, 30 * MiB, mode);
      expect(answer).toMatchObject({ status: 413 });
      expect("body" in answer && answer.body).toContain("File size must be less than 10MB");
      // The site goes on answering.
      const again = await fetch(new URL(`/contests/${FLASH}`, baseURL));
      expect(again.status).toBe(200);
    });
  }
});

test.describe("documents built to be slow", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "HTTP-level; runs once");

  test("a 1 KB .docx ending in 120,000 '<' is received (in the worker) and the site keeps answering", async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const email = uniqueEmail("flood");
    await signUp(page, email);
    await expect(page.getByTestId("toast")).toContainText("Account created!", { timeout: 20_000 });
    await signIn(page, email, "secret-pass");
    await expect(page).toHaveURL(/\/dashboard$/);
    const cookie = (await page.context().cookies())
      .filter((c) => c.name === "en_session")
      .map((c) => `${c.name}=${c.value}`)[0];
    const body = multipart(
      {
        title: "Flooded",
        ...Object.fromEntries(CONFIRMATIONS.map((c) => [c.name, "on"])),
      },
      {
        disposition: 'filename="flood.docx"',
        // 110 words: within the contest's range, which documents are held to (ADR 0034).
        bytes: docxWithTagFlood(
          120_000,
          `The lighthouse keeper's daughter ${Array(106).fill("waited").join(" ")}`,
        ),
        type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      },
    );
    const res = await fetch(new URL(`/contests/${FLASH}/enter`, baseURL), {
      method: "POST",
      headers: { Origin: baseURL!, Cookie: cookie, "Content-Type": body.contentType },
      body: body.body,
      redirect: "manual",
    });
    // Read, judged readable, and the entry made.
    expect(res.status, await res.text()).toBe(302);
    expect(res.headers.get("location")).toBe("/dashboard");
    expect((await fetch(new URL("/", baseURL))).status).toBe(200);
  });
});
