import { describe, expect, test } from "vitest";
import { adminWriter, adminWriterLabel, writerName } from "./writer";

describe("the writer of an entry", () => {
  const grace = {
    displayName: "Grace Hopkins",
    email: "grace@example.com",
    educator: { school: { name: "Maple Grove Primary" } },
  };
  const mia = { firstName: "Mia", lastInitial: "R" };
  test("is the pupil when an educator sent it for one", () => {
    expect(writerName({ entrant: grace, pupil: mia })).toBe("Mia R.");
    expect(writerName({ entrant: { displayName: "Ann Lee" }, pupil: null })).toBe("Ann Lee");
  });
  test("admins read who sent a class entry and from which school", () => {
    expect(adminWriterLabel({ entrant: grace, pupil: mia })).toBe(
      "Mia R. (sent by Grace Hopkins, Maple Grove Primary)",
    );
    expect(adminWriter({ entrant: grace, pupil: mia })).toMatchObject({
      pupil: "Mia R.",
      sentBy: "Grace Hopkins",
      school: "Maple Grove Primary",
    });
    expect(adminWriter({ entrant: { ...grace, educator: null }, pupil: null })).toEqual({
      label: "Grace Hopkins",
      pupil: "",
      sentBy: "",
      school: "",
    });
    expect(
      adminWriterLabel({ entrant: { ...grace, displayName: "", educator: null }, pupil: null }),
    ).toBe("grace@example.com");
  });
});
