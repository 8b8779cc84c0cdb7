import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";
import fs from "node:fs";
import path from "node:path";
import { CONFIRMATIONS } from "../../app/features/entries/entry-schema";
import { http, multipart, sessionCookieFrom, signInCookie } from "./http";
import { startPrivateServer, type PrivateServer } from "./private-server";
import { e2ePrisma } from "./db";
import { contestIdOf } from "./fixtures/contests";
import { ADMIN, DEMO_PASSWORD, ENTRANT, JUDGE, signIn, signUp, uniqueEmail } from "./utils";

// The attacks of docs/decisions/0010-hardening.md, over real HTTP against production builds.

const FLASH = "flash-fiction-free-for-all"; // free, 100-1000 words, open
const confirmed = Object.fromEntries(CONFIRMATIONS.map((c) => [c.name, "on"]));
const words = (n: number) => Array.from({ length: n }, (_, i) => `river${i % 9}`).join(" ");

test.describe("HTTP-level", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "HTTP-level; runs once");

  test("token routes answer any token with a page or a redirect, never a 5xx (docs/decisions/0025)", async ({
    baseURL,
  }) => {
    const tokens = [
      "%0A",
      "a%0D%0ASet-Cookie:%20x=1",
      "%00",
      "%C3%A9",
      "%E6%9D%8E%E6%98%8E",
      "%F0%9F%98%80",
      "%25",
      "%20x",
      "x".repeat(3000),
    ];
    const routes: [string, Record<string, string>][] = [
      ["/consent/", { answer: "agree" }],
      ["/reset-password/", { newPassword: "long-enough-1", confirmPassword: "long-enough-1" }],
      ["/set-password/", { password: "long-enough-1", confirmPassword: "long-enough-1" }],
      ["/account/email/", {}],
      ["/account/email-cancel/", {}],
      ["/judge-invitation/", {}],
    ];
    for (const [prefix, form] of routes)
      for (const token of tokens) {
        const get = await http(baseURL!, prefix + token);
        expect(get.status, `GET ${prefix}${token}`).toBeLessThan(500);
        const post = await http(baseURL!, prefix + token, { form });
        expect(post.status, `POST ${prefix}${token}`).toBeLessThan(500);
        // A Location header that reached us is printable ASCII.
        expect(post.headers.get("location") ?? "").toMatch(/^[\x20-\x7e]*$/);
      }
  });

  test("sign-in never sends the browser off the site, whatever redirectTo holds", async ({
    page,
    baseURL,
  }) => {
    // Were the browser sent there, it would see this page instead of the dashboard.
    await page.route(
      (url) => url.hostname.endsWith("evil.example"),
      (route) => route.fulfill({ status: 200, body: "phished" }),
    );
    await signIn(
      page,
      ENTRANT,
      DEMO_PASSWORD,
      `/login?redirectTo=${encodeURIComponent("/\t/evil.example/phish")}`,
    );
    await expect(page).toHaveURL(`${baseURL}/dashboard`);
  });

  test("redirect targets with control characters, backslashes and encoded slashes stay on the site, never a 500", async ({
    baseURL,
  }) => {
    const targets = [
      "/\t/evil.example/phish",
      "/\n/evil.example",
      "/\r/evil.example",
      "/\u000b/evil.example",
      "/\r\nSet-Cookie: stolen=1",
      "/\\evil.example",
      "\\/evil.example",
      "/./\\evil.example",
      "/.//evil.example",
      "/%2F%2Fevil.example",
      "/%5C%5Cevil.example",
      "//evil.example",
      "https://evil.example",
      "/admin?x=1",
    ];
    for (const redirectTo of targets) {
      const res = await http(baseURL!, "/login", {
        form: { intent: "signin", email: ENTRANT, password: DEMO_PASSWORD, redirectTo },
      });
      const label = JSON.stringify(redirectTo);
      expect(res.status, label).toBe(302);
      const location = res.headers.get("location")!;
      expect(new URL(location, baseURL).origin, label).toBe(baseURL);
      // The session is handed over in the same answer: no session row is left behind.
      expect(sessionCookieFrom(res.headers), label).toBeTruthy();
      expect(res.headers.get("set-cookie"), label).not.toContain("stolen");
    }
  });

  test("bodies that are not forms are answered 400 or 415 with a message, never 5xx", async ({
    baseURL,
  }) => {
    const entrant = await signInCookie(baseURL!, ENTRANT);
    const actions = [
      "/login",
      "/account",
      `/contests/${FLASH}/enter`,
      "/admin/contests?index",
      "/logout",
    ];
    const bodies: [string, Record<string, string>, BodyInit][] = [
      ["JSON", { "Content-Type": "application/json" }, '{"intent":"signin"}'],
      ["bad JSON", { "Content-Type": "application/json" }, '{"intent":'],
      ["no content type", {}, "intent=signin"],
      ["XML", { "Content-Type": "text/xml" }, "<a/>"],
      [
        "broken multipart",
        { "Content-Type": "multipart/form-data; boundary=zz" },
        '--zz\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsignin',
      ],
      ["multipart without a boundary", { "Content-Type": "multipart/form-data" }, "--x--"],
    ];
    for (const cookie of [undefined, entrant]) {
      for (const action of actions) {
        for (const [label, headers, body] of bodies) {
          // undici sets text/plain for a string body without a content type; send bytes instead.
          const raw = label === "no content type" ? new TextEncoder().encode(String(body)) : body;
          const res = await http(baseURL!, action, { headers, body: raw, cookie });
          const what = `${label} to ${action} as ${cookie ? "entrant" : "visitor"}: ${res.status} ${res.text.slice(0, 120)}`;
          if (label === "broken multipart") {
            // A well-formed header reaches the route, which may first send the asker elsewhere.
            expect([302, 400], what).toContain(res.status);
            if (res.status === 400) expect(res.text, what).toContain("could not be read");
          } else {
            expect([400, 415], what).toContain(res.status);
            expect(res.text, what).toMatch(/form submissions only|could not be read/);
          }
        }
      }
    }
  });

  test("an entry whose text names its writer is flagged to the admin", async ({ baseURL }) => {
    const email = uniqueEmail("named");
    const signUp = await http(baseURL!, "/login", {
      form: {
        intent: "signup",
        email,
        password: "secret-pass",
        displayName: "Quinta Marlowe-Fisk",
        dateOfBirth: "2004-05-06",
      },
    });
    expect(signUp.status).toBe(302);
    const writer = await signInCookie(baseURL!, email, "secret-pass");
    const send = (title: string, body: string) => {
      const form = multipart({ title, body, ...confirmed });
      return http(baseURL!, `/contests/${FLASH}/enter`, {
        cookie: writer,
        headers: { "Content-Type": form.contentType },
        body: form.body,
      });
    };
    expect((await send("Signed story", `${words(110)} by Quinta Marlowe-Fisk`)).status).toBe(302);
    expect((await send("Unsigned story", words(110))).status).toBe(302);
    const ids = await e2ePrisma().submission.findMany({
      where: { entrant: { email } },
      select: { title: true, id: true },
    });
    const admin = await signInCookie(baseURL!, ADMIN);
    for (const { title, id } of ids) {
      const page = await http(baseURL!, `/admin/submissions/${id}`, { cookie: admin });
      expect(page.status).toBe(200);
      if (title === "Signed story") expect(page.text).toContain("Names the entrant");
      else expect(page.text).not.toContain("Names the entrant");
    }
  });

  test("a cross-site post is refused even when it claims to be forwarded for this host", async ({
    baseURL,
  }) => {
    const res = await http(baseURL!, "/login", {
      headers: { Origin: "http://evil.example", "X-Forwarded-Host": "evil.example" },
      form: { intent: "signin", email: ENTRANT, password: DEMO_PASSWORD },
    });
    expect(res.status).toBe(403);
  });

  test("the contest list copies only a page number into the Location header", async ({
    baseURL,
  }) => {
    const admin = await signInCookie(baseURL!, ADMIN);
    const draft = await contestIdOf("summer-mystery-draft");
    for (const [page, expected] of [
      ["9".repeat(200_000), "/admin/contests"],
      ["2\r\nSet-Cookie: x=1", "/admin/contests"],
      ["<script>", "/admin/contests"],
      ["2", "/admin/contests?page=2"],
    ]) {
      const res = await http(baseURL!, "/admin/contests?index", {
        cookie: admin,
        form: { intent: "unpublish", id: draft, page },
      });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe(expected);
    }
  });
});

test.describe("a server of its own", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "HTTP-level; runs once");
  test.describe.configure({ mode: "serial" });
  let server: PrivateServer;
  test.afterEach(async () => {
    await server?.stop();
  });

  test("an oversized form body is refused with 413 while it streams, and memory stays flat", async () => {
    test.setTimeout(90_000);
    server = await startPrivateServer();
    const base = server.baseURL;
    const post = (body: BodyInit) =>
      http(base, "/login", {
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body,
      });
    expect((await http(base, "/legal/terms")).status).toBe(200);
    await post(Buffer.alloc(2 * 1024 * 1024, 0x61)); // warm-up
    const before = server.memory();
    const declared = await post(Buffer.alloc(40 * 1024 * 1024, 0x61)); // one 40 MB field
    const after = server.memory();
    // Read whole, 40 MB of form cost the server hundreds of MB; refused while streaming, little.
    expect(after.peak - before.peak).toBeLessThan(40 * 1024 * 1024);
    expect(declared.status).toBe(413);
    expect(declared.text).toContain("This request is too large.");

    // Without a Content-Length (chunked), the limit holds while the body streams.
    const chunk = Buffer.alloc(1024 * 1024, 0x61);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ >= 60) controller.close();
        else controller.enqueue(chunk);
      },
    });
    expect((await post(stream)).status).toBe(413);
    // Per field: a story over the 2 MB field limit on the entry form is refused too.
    const entrant = await signInCookie(base, ENTRANT);
    const form = multipart({ title: "Long", body: "word ".repeat(500_000), ...confirmed });
    const field = await http(base, `/contests/${FLASH}/enter`, {
      cookie: entrant,
      headers: { "Content-Type": form.contentType },
      body: form.body,
    });
    expect(field.status).toBe(413);
    expect((await http(base, "/legal/terms")).status).toBe(200);
  });

  test("the per-address sign-in limit holds whatever X-Forwarded-For says; sign-up is limited too", async () => {
    server = await startPrivateServer({ LOGIN_MAX_FAILURES_PER_IP: "5", SIGNUP_MAX_PER_IP: "3" });
    const base = server.baseURL;
    const answers: string[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await http(base, "/login", {
        headers: {
          "X-Forwarded-For": `203.0.113.${i + 1}`,
          "Fly-Client-IP": `198.51.100.${i + 1}`,
          "X-Real-IP": `192.0.2.${i + 1}`,
        },
        form: { intent: "signin", email: `nobody-${i}@example.test`, password: "wrong-password" },
      });
      expect(res.status).toBe(400);
      answers.push(res.text);
    }
    expect(answers.slice(0, 5).every((a) => a.includes("Invalid email or password"))).toBe(true);
    expect(answers.slice(5).every((a) => a.includes("Too many failed sign-in attempts"))).toBe(
      true,
    );

    const signUps: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await http(base, "/login", {
        headers: { "X-Forwarded-For": `203.0.113.${100 + i}` },
        form: {
          intent: "signup",
          email: uniqueEmail("limited"),
          password: "secret-pass",
          dateOfBirth: "2000-01-01",
        },
      });
      signUps.push(res.status);
      if (res.status === 429) expect(res.text).toContain("Too many sign-ups from your network.");
    }
    expect(signUps).toEqual([302, 302, 302, 429, 429]);
  });

  test("on Fly, Fly-Client-IP names the client and X-Forwarded-For does not", async () => {
    server = await startPrivateServer({ LOGIN_MAX_FAILURES_PER_IP: "3", TRUST_PROXY: "fly" });
    const base = server.baseURL;
    const fail = (client: string, forwarded: string) =>
      http(base, "/login", {
        headers: { "Fly-Client-IP": client, "X-Forwarded-For": forwarded },
        form: { intent: "signin", email: uniqueEmail("fly"), password: "wrong-password" },
      });
    for (let i = 0; i < 3; i++)
      expect((await fail("198.51.100.7", `203.0.113.${i}`)).text).toContain("Invalid email");
    expect((await fail("198.51.100.7", "203.0.113.99")).text).toContain("Too many failed");
    expect((await fail("198.51.100.8", "203.0.113.99")).text).toContain("Invalid email");
  });

  test("a locked database: other pages go on, a score and an entry answer 503 with what was typed, nothing is half-written", async () => {
    test.setTimeout(90_000);
    server = await startPrivateServer();
    const base = server.baseURL;
    const judge = await signInCookie(base, JUDGE);
    const entrant = await signInCookie(base, ENTRANT);
    // A raw better-sqlite3 handle on purpose, not e2ePrisma(): the point of the test is a second
    // connection holding SQLite's write lock (BEGIN IMMEDIATE ... ROLLBACK) while the server works,
    // and the counts are read through that same connection while it holds the lock. It is also a
    // private server's own database file, not the shared e2e one that e2ePrisma() opens.
    const db = new Database(server.dbFile);
    db.pragma("busy_timeout = 5000");
    const { id: entryId, criteria } = db
      .prepare(
        `SELECT s.id AS id, r.criteria AS criteria FROM Submission s
           JOIN JudgeAssignment a ON a.submissionId = s.id
           JOIN User u ON u.id = a.judgeId
           JOIN Contest c ON c.id = s.contestId
           JOIN Rubric r ON r.contestId = c.id
           LEFT JOIN Score sc ON sc.assignmentId = a.id
         WHERE u.email = ? AND c.slug = 'autumn-poetry-in-prose' AND sc.id IS NULL
         ORDER BY s.createdAt LIMIT 1`,
      )
      .get(JUDGE) as { id: string; criteria: string };
    const keys = (JSON.parse(criteria) as { key: string }[]).map((c) => c.key);
    const score = {
      intent: "submit",
      ...Object.fromEntries(keys.map((k) => [`scores.${k}`, "7.5"])),
      comment: "Typed while the database was busy, kept for the judge.",
    };
    const entries = () =>
      (db.prepare("SELECT COUNT(*) AS n FROM Submission").get() as { n: number }).n;
    const scores = () => (db.prepare("SELECT COUNT(*) AS n FROM Score").get() as { n: number }).n;
    const files = () =>
      fs.existsSync(server.uploadDir)
        ? fs
            .readdirSync(server.uploadDir, { recursive: true })
            .filter((f) => fs.statSync(path.join(server.uploadDir, String(f))).isFile()).length
        : 0;
    const counts = { entries: entries(), scores: scores(), files: files() };

    db.exec("BEGIN IMMEDIATE"); // another connection holds the write lock
    try {
      const order: string[] = [];
      const saving = http(base, `/judge/review/${entryId}`, { cookie: judge, form: score }).then(
        (r) => (order.push("score"), r),
      );
      await new Promise((r) => setTimeout(r, 400));
      const legal = http(base, "/legal/terms").then((r) => (order.push("legal"), r));
      const [saved, terms] = await Promise.all([saving, legal]);
      expect(terms.status).toBe(200);
      // The page was served while the score was still waiting for the database.
      expect(order).toEqual(["legal", "score"]);
      expect(saved.status).toBe(503);
      expect(saved.text).toContain("The site is busy, please try again.");
      expect(saved.text).toContain('value="7.5"');
      expect(saved.text).toContain("Typed while the database was busy, kept for the judge.");

      const form = multipart(
        { title: "Busy day story", body: words(120), ...confirmed },
        {
          disposition: 'filename="busy.txt"',
          bytes: "A story sent while the database was busy.\n",
        },
      );
      const entry = await http(base, `/contests/${FLASH}/enter`, {
        cookie: entrant,
        headers: { "Content-Type": form.contentType },
        body: form.body,
      });
      expect(entry.status).toBe(503);
      expect(entry.text).toContain("The site is busy, please try again.");
      expect(entry.text).toContain("Busy day story");
      expect(entry.text).toContain("river0 river1 river2");
      expect({ entries: entries(), scores: scores(), files: files() }).toEqual(counts);
    } finally {
      db.exec("ROLLBACK");
    }
    // Once the lock is gone, the same score is saved.
    const again = await http(base, `/judge/review/${entryId}`, { cookie: judge, form: score });
    expect(again.status).toBe(302);
    expect(again.headers.get("location")).toBe("/judge");
    expect(scores()).toBe(counts.scores + 1);
    db.close();
  });
});

test.describe("file names", () => {
  test("any file name a browser sends is accepted, stored under a safe key and shown as text", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    // The demo contest takes three entries per writer: two writers send the five files.
    const emails: string[] = [];
    const newWriter = async () => {
      const email = uniqueEmail("names");
      emails.push(email);
      await page.context().clearCookies();
      await signUp(page, email);
      await expect(page.getByTestId("toast")).toContainText("Account created!", {
        timeout: 20_000,
      });
      await signIn(page, email, "secret-pass");
      await expect(page).toHaveURL(/\/dashboard$/);
    };
    const names = [
      "Chapter=1.txt",
      "Draft; final.txt",
      "=final draft.txt",
      'My "best" <img src=x onerror=alert(1)>.txt',
      "tab\there\u0001.txt",
    ];
    for (const [i, name] of names.entries()) {
      if (i % 3 === 0) await newWriter();
      await page.goto(`/contests/${FLASH}/enter`);
      await page.getByLabel("Story title").fill(`Named ${i}`);
      await page.getByLabel("Story text").fill(words(110));
      for (const c of CONFIRMATIONS) await page.getByLabel(c.label).check();
      await page.getByLabel("Or upload your story").setInputFiles({
        name,
        mimeType: "text/plain",
        buffer: Buffer.from(`Story number ${i}.\n`),
      });
      await page.getByRole("button", { name: /^Submit Entry/ }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByTestId("toast")).toContainText("Your submission has been received!");
    }
    const rows = await e2ePrisma().submission.findMany({
      where: { entrant: { email: { in: emails } } },
      orderBy: { createdAt: "asc" },
      select: { id: true, fileName: true, filePath: true },
    });
    expect(rows.map((r) => r.fileName)).toEqual([
      "Chapter=1.txt",
      "Draft; final.txt",
      "=final draft.txt",
      'My "best" <img src=x onerror=alert(1)>.txt',
      "tab here.txt",
    ]);
    for (const r of rows) expect(r.filePath).toMatch(/^[A-Za-z0-9_-]+\/[A-Za-z0-9_-]+\/\d+\.txt$/);
    // Shown as text on the entrant's page, never as markup.
    await page.goto(`/dashboard/submissions/${rows[3].id}`);
    await expect(page.getByText('My "best" <img src=x onerror=alert(1)>.txt')).toBeVisible();
    await expect(page.locator('img[src="x"]')).toHaveCount(0);
  });
});
