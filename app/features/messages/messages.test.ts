import { describe, expect, it } from "vitest";
import { audienceLabel, messageSchema, messageSubject, paragraphs, UNSCORED } from "./messages";

const base = { intent: "preview", subject: "Hello", body: "Dear all" };

describe("contest messages", () => {
  it("keeps the entry status for entrants and 'unscored' for judges", () => {
    const e = messageSchema.parse({
      ...base,
      audience: "entrants",
      status: "submitted",
      unscored: "on",
    });
    expect(e).toMatchObject({ audience: "entrants", status: "submitted", divisionId: null });
    const j = messageSchema.parse({
      ...base,
      audience: "judges",
      status: "submitted",
      unscored: "on",
    });
    expect(j.status).toBe(UNSCORED);
    expect(messageSchema.parse({ ...base, audience: "judges" }).status).toBeNull();
  });

  it("refuses empty or too long fields and unknown statuses", () => {
    expect(messageSchema.safeParse({ ...base, audience: "entrants", subject: " " }).success).toBe(
      false,
    );
    expect(
      messageSchema.safeParse({ ...base, audience: "entrants", body: "x".repeat(5001) }).success,
    ).toBe(false);
    expect(
      messageSchema.safeParse({ ...base, audience: "entrants", status: "draft" }).success,
    ).toBe(false);
    expect(messageSchema.safeParse({ ...base, audience: "everyone" }).success).toBe(false);
  });

  it("describes the audience in words", () => {
    expect(audienceLabel({ audience: "entrants", status: null }, null)).toBe("Entrants");
    expect(audienceLabel({ audience: "entrants", status: "pending_payment" }, "Seniors")).toBe(
      "Entrants (Waiting for payment, Seniors)",
    );
    expect(audienceLabel({ audience: "judges", status: UNSCORED }, null)).toBe(
      "Judges (with entries left to score)",
    );
  });

  it("splits paragraphs and names the contest in the subject", () => {
    expect(paragraphs("One\r\nline two\r\n\r\n  Two  \n\n\n")).toEqual(["One\nline two", "Two"]);
    expect(messageSubject("Young Voices", "Results soon")).toBe("Young Voices: Results soon");
  });
});
